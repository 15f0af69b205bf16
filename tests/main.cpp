#define CATCH_CONFIG_RUNNER
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

// Every gpuselect the tests start, through tests/cli_runner.hpp or directly, keeps its parsed-catalog
// cache in a folder of this process, never the user's ~/.cache (removed at the end).
int main(int argc, char* argv[]) {
  std::string folder = (std::filesystem::temp_directory_path() / "gpuselect-tests-cache-XXXXXX").string();
  const bool made = ::mkdtemp(folder.data()) != nullptr;
  if (made) {
    ::setenv("XDG_CACHE_HOME", folder.c_str(), 1);
    ::setenv("GPUSELECT_TEST_CACHE_HOME", folder.c_str(), 1);  // the runs' cache (tests/cli_runner.hpp)
  } else {
    ::setenv("GPUSELECT_NO_CACHE", "1", 1);
  }
  const int failed = Catch::Session().run(argc, argv);
  if (made) {
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
  }
  return failed;
}
