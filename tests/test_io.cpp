// src/io: reading with limits, streamed reads, the unnamed spool file, atomic --output and folder
// listing (the only code that touches the file system). Each test works in its own folder under
// the system's temporary directory.
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpuselect/error.hpp"
#include "io/files.hpp"

namespace {

namespace fs = std::filesystem;
using gpuselect::Error;

// A fresh folder for one test, removed when it ends.
struct Folder {
  fs::path path;
  explicit Folder(const std::string& name) : path(fs::temp_directory_path() / ("gpuselect-test-io-" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Folder() { fs::remove_all(path); }
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;
  [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
};

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("io: read_text reads a file whole and refuses one above its limit or missing", "[io]") {
  const Folder folder("read");
  write_file(folder.file("a.yaml"), "gpus: []\n");
  CHECK(gpuselect::io::read_text(folder.file("a.yaml"), 100) == "gpus: []\n");
  try {
    (void)gpuselect::io::read_text(folder.file("a.yaml"), 4, "split it");
    FAIL("a file above the limit was read");
  } catch (const Error& error) {
    CHECK(error.where() == folder.file("a.yaml"));
    CHECK(error.kind() == gpuselect::ErrorKind::bad_input);
  }
  try {
    (void)gpuselect::io::read_text(folder.file("missing.yaml"), 100);
    FAIL("a missing file was read");
  } catch (const Error& error) {
    CHECK(error.kind() == gpuselect::ErrorKind::io);
  }
  CHECK_THROWS_AS(gpuselect::io::read_text(folder.path.string(), 100), Error);  // a directory
}

TEST_CASE("io: FileStream reads in chunks to the end", "[io]") {
  const Folder folder("stream");
  const std::string text(10'000, 'x');
  write_file(folder.file("big.csv"), text);
  gpuselect::io::FileStream stream(folder.file("big.csv"), 1 << 20);
  CHECK(stream.size() == text.size());
  CHECK_FALSE(stream.is_stream());
  std::string read;
  std::vector<char> buffer(4096);
  while (const std::size_t got = stream.read(buffer.data(), buffer.size())) read.append(buffer.data(), got);
  CHECK(read == text);
}

TEST_CASE("io: FileStream::visit_mapped passes every byte in order, and reads on past a grown end", "[io]") {
  const Folder folder("mapped");
  std::string text;
  for (int i = 0; text.size() < (std::size_t{3} << 20) + 123; ++i) text += std::to_string(i) + ",";  // > 3 pieces
  write_file(folder.file("big.csv"), text);
  gpuselect::io::FileStream stream(folder.file("big.csv"), std::size_t{16} << 20);
  const std::string appended = "grown after opening\n";
  {
    std::ofstream out(folder.file("big.csv"), std::ios::app | std::ios::binary);
    out << appended;
  }
  std::string seen;
  std::size_t pieces = 0;
  CHECK(stream.visit_mapped([&](const char* data, std::size_t size) {
    seen.append(data, size);
    ++pieces;
  }));
  CHECK(seen == text + appended);
  CHECK(pieces >= 4);
  std::vector<char> buffer(16);
  CHECK(stream.read(buffer.data(), buffer.size()) == 0);  // every byte was visited
  // A regular file whose size says 0 but that has bytes (procfs): read, not mapped.
  gpuselect::io::FileStream status("/proc/self/status", 1 << 20);
  std::string status_text;
  CHECK(status.visit_mapped([&](const char* data, std::size_t size) { status_text.append(data, size); }));
  CHECK(status_text.find("Name:") != std::string::npos);
}

TEST_CASE("io: FileStream::visit_mapped is false for a file that shrinks while mapped, and for a stream", "[io]") {
  const Folder folder("shrunk");
  const std::string text((std::size_t{4} << 20) + 7, 'y');
  write_file(folder.file("big.csv"), text);
  gpuselect::io::FileStream stream(folder.file("big.csv"), std::size_t{16} << 20);
  std::size_t seen = 0;
  // The first piece cuts the file: the next piece's pages are gone, which the kernel signals (SIGBUS).
  CHECK_FALSE(stream.visit_mapped([&](const char* data, std::size_t size) {
    if (seen == 0) std::filesystem::resize_file(folder.file("big.csv"), 10);
    // Where the signal comes: no object with a destructor is alive in this frame.
    const volatile char last = data[size - 1];
    seen += last == 'y' ? size : 0;
  }));
  CHECK(seen < text.size());
  gpuselect::io::FileStream device("/dev/null", 100);  // not a regular file
  CHECK_FALSE(device.visit_mapped([](const char*, std::size_t) {}));
}

TEST_CASE("io: the spool file keeps what is written, rewinds and leaves no name behind", "[io]") {
  const Folder folder("spool");
  {
    gpuselect::io::SpoolFile spool(folder.path.string(), "download");
    spool.write("abc\n", 4);
    CHECK(spool.size() == 4);
    CHECK(spool.last_byte() == '\n');
    spool.rewind();
    std::vector<char> buffer(16);
    const std::size_t got = spool.read(buffer.data(), buffer.size());
    CHECK(std::string(buffer.data(), got) == "abc\n");
    CHECK(gpuselect::io::list_folder(folder.path.string()).empty());  // unnamed while open
  }
  CHECK(gpuselect::io::list_folder(folder.path.string()).empty());
}

TEST_CASE("io: write_output replaces a file atomically and keeps it when drawing fails", "[io]") {
  const Folder folder("output");
  const std::string path = folder.file("report.json");
  write_file(path, "old");
  ::chmod(path.c_str(), 0600);
  gpuselect::io::write_output(path, "new", [&] {
    // The temporary exists beside the file and the file still holds the old text.
    CHECK(gpuselect::io::list_folder(folder.path.string()).size() == 2);
    CHECK(slurp(path) == "old");
  });
  CHECK(slurp(path) == "new");
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);  // the old file's mode is kept
  CHECK_THROWS(gpuselect::io::write_output_streamed(path, [](std::ostream& out) {
    out << "partial";
    throw Error("draw", "failed", "nothing");
  }));
  CHECK(slurp(path) == "new");                                                                         // untouched
  CHECK(gpuselect::io::list_folder(folder.path.string()) == std::vector<std::string>{"report.json"});  // no temporary
  CHECK_THROWS_AS(gpuselect::io::write_output(folder.path.string(), "x"), Error);                      // a directory
}

TEST_CASE("io: folders are made with their parents and listed sorted", "[io]") {
  const Folder folder("folders");
  const std::string nested = folder.file("a/b/c");
  gpuselect::io::make_folders(nested);
  CHECK(fs::is_directory(nested));
  write_file(folder.file("z.txt"), "");
  write_file(folder.file("m.txt"), "");
  CHECK(gpuselect::io::list_folder(folder.path.string()) == std::vector<std::string>{"a", "m.txt", "z.txt"});
  CHECK(gpuselect::io::is_regular_file(folder.file("m.txt")));
  CHECK_FALSE(gpuselect::io::is_regular_file(folder.file("a")));
  CHECK(gpuselect::io::remove_file(folder.file("m.txt")));
  CHECK_FALSE(gpuselect::io::remove_file(folder.file("m.txt")));
  CHECK(gpuselect::io::list_folder(folder.file("missing")).empty());
}
