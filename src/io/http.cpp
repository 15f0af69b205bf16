#include "io/http.hpp"

#include <chrono>
#include <mutex>
#include <thread>

#include <curl/curl.h>

#include "gpuselect/error.hpp"

namespace gpuselect::io {

namespace {

struct Transfer {
  const DownloadOptions* options = nullptr;
  std::string* body = nullptr;
  bool too_large = false;
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& transfer = *static_cast<Transfer*>(user);
  const std::size_t bytes = size * count;
  if (transfer.body->size() + bytes > transfer.options->max_bytes) {
    transfer.too_large = true;
    return 0;  // libcurl stops with CURLE_WRITE_ERROR
  }
  transfer.body->append(data, bytes);
  return bytes;
}

int on_progress(void* user, curl_off_t expected, curl_off_t received, curl_off_t, curl_off_t) {
  const auto& transfer = *static_cast<Transfer*>(user);
  if (transfer.options->progress) {
    transfer.options->progress(static_cast<std::size_t>(received), static_cast<std::size_t>(expected));
  }
  return 0;
}

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

Download download(const std::string& url, const DownloadOptions& options) {
  global_init();
  std::string last_error;
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    CURL* curl = curl_easy_init();
    if (curl == nullptr) throw Error(ErrorKind::io, url, "libcurl could not start a transfer", "try again");
    Download result;
    Transfer transfer{&options, &result.body, false};
    char reason[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, options.connect_timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, options.timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");  // gzip and deflate when the server offers them
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "gpuselect (catalog update)");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, &on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, reason);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    const CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
    curl_easy_cleanup(curl);
    if (transfer.too_large) {
      throw Error(ErrorKind::bad_input, url,
                  "response is above the limit of " + std::to_string(options.max_bytes) + " bytes",
                  "check the URL names a vms.csv file");
    }
    const bool server_error = code == CURLE_OK && result.status >= 500;
    if (code == CURLE_OK && !server_error) return result;
    last_error = code != CURLE_OK ? (reason[0] != '\0' ? std::string(reason) : std::string(curl_easy_strerror(code)))
                                  : "HTTP " + std::to_string(result.status);
    if (attempt < attempts) std::this_thread::sleep_for(std::chrono::seconds(attempt));  // 1 s, 2 s, ...
  }
  throw Error(ErrorKind::io, url, "download failed after " + std::to_string(attempts) + " attempts: " + last_error,
              "check the network connection (offline machines: 'gpuselect catalog update --from DIR' with "
              "copies of the vms.csv files)");
}

}  // namespace gpuselect::io
