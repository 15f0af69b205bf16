#pragma once
// Downloads over HTTP(S) with libcurl: the only code that touches the network. libcurl is not
// linked: it is loaded (dlopen of libcurl.so.4, Debian package libcurl4) by the first download or
// load_libcurl, so only `catalog update` pays for it and its libraries.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "io/files.hpp"

namespace gpuselect::io {

struct DownloadOptions {
  long connect_timeout_seconds = 15;
  long timeout_seconds = 300;  // all attempts together, waits between them included; SkyPilot's largest vms.csv is ~5 MB
  int attempts = 3;            // tries for a connection failure, a timeout or an HTTP 5xx, within timeout_seconds
  // "user:password" sent as HTTP basic credentials ("" = none; a netrc file, $NETRC or ~/.netrc, is
  // read either way). Never printed: every message names the URL through redacted_url.
  std::string credentials;
  std::size_t max_bytes = 512u << 20;
  // Called with bytes received and expected (0 = unknown) as the body arrives; may be empty.
  std::function<void(std::size_t received, std::size_t expected)> progress;
};

struct Download {
  long status = 0;  // HTTP status; 404 is returned, not thrown, so callers can try another URL
  std::size_t bytes = 0;  // the body's length, in the spool file
};

// A URL with its password hidden, for files, messages and output: "https://user:***@host/...";
// a user part without a password (often a token) becomes "***@". Text holding no URL with
// credentials comes back unchanged; each URL in longer text (libcurl's reasons) is redacted.
std::string redacted_url(std::string_view text);

// Loads libcurl once (later calls return at once). Throws Error(kind io, where) when it cannot be
// loaded, found incomplete or initialised: "cannot load libcurl to download: <reason>; install libcurl4 ...".
void load_libcurl(std::string_view where);

// Fetches `url` into `body` (emptied first, and again before each retry): the body goes to disk as
// it arrives, 16 KiB (libcurl's write size) at a time, so memory stays the same whatever its size.
// Throws Error(kind io, where = url with credentials redacted) when no response came after every
// attempt (offline, DNS, refused, timeout, TLS), naming libcurl's reason; Error(kind bad_input) as
// soon as the body passes max_bytes (a huge or endless response); and the spool's Error when the
// disk is full.
Download download(const std::string& url, const DownloadOptions& options, SpoolFile& body);

}  // namespace gpuselect::io
