#pragma once
// Downloads over HTTP(S) with libcurl: the only code that touches the network.
#include <cstddef>
#include <functional>
#include <string>

namespace gpuselect::io {

struct DownloadOptions {
  long connect_timeout_seconds = 15;
  long timeout_seconds = 300;  // whole transfer; SkyPilot's largest vms.csv is ~5 MB
  int attempts = 3;            // tries for a connection failure, a timeout or an HTTP 5xx
  std::size_t max_bytes = 512u << 20;
  // Called with bytes received and expected (0 = unknown) as the body arrives; may be empty.
  std::function<void(std::size_t received, std::size_t expected)> progress;
};

struct Download {
  long status = 0;  // HTTP status; 404 is returned, not thrown, so callers can try another URL
  std::string body;
};

// Fetches `url`. Throws Error(kind io, where = url) when no response came after every attempt
// (offline, DNS, refused, timeout, TLS), naming libcurl's reason, or when the body exceeds max_bytes.
Download download(const std::string& url, const DownloadOptions& options);

}  // namespace gpuselect::io
