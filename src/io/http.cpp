#include "io/http.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <thread>

// Types and constants only: libcurl itself is loaded when a download starts (load_libcurl), so no
// other command maps its 30 shared libraries (docs/performance.md "Start-up").
#include <curl/curl.h>

#include "gpuselect/error.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::io {

namespace {

struct Transfer {
  const DownloadOptions* options = nullptr;
  SpoolFile* body = nullptr;
  bool too_large = false;
  std::optional<Error> write_error;  // the spool's failure (a full disk), thrown after libcurl returns
};

// libcurl's write callback: C code calls it, so nothing may be thrown through it; returning fewer
// bytes than given stops the transfer with CURLE_WRITE_ERROR.
std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& transfer = *static_cast<Transfer*>(user);
  const std::size_t bytes = size * count;
  if (transfer.body->size() + bytes > transfer.options->max_bytes) {
    transfer.too_large = true;
    return 0;
  }
  try {
    transfer.body->write(data, bytes);
  } catch (const Error& error) {
    transfer.write_error = error;
    return 0;
  }
  return bytes;
}

int on_progress(void* user, curl_off_t expected, curl_off_t received, curl_off_t, curl_off_t) {
  const auto& transfer = *static_cast<Transfer*>(user);
  if (transfer.options->progress) {
    transfer.options->progress(static_cast<std::size_t>(received), static_cast<std::size_t>(expected));
  }
  return 0;
}

// The libcurl functions a download calls, found in libcurl.so.4 (Debian package libcurl4) by dlopen.
// Each pointer has the type of the function curl.h declares.
struct Libcurl {
  decltype(&::curl_global_init) global_init = nullptr;
  decltype(&::curl_easy_init) easy_init = nullptr;
  decltype(&::curl_easy_setopt) easy_setopt = nullptr;
  decltype(&::curl_easy_perform) easy_perform = nullptr;
  decltype(&::curl_easy_getinfo) easy_getinfo = nullptr;
  decltype(&::curl_easy_cleanup) easy_cleanup = nullptr;
  decltype(&::curl_easy_strerror) easy_strerror = nullptr;
};

constexpr const char* libcurl_soname = "libcurl.so.4";

// The library, loaded and initialised once; kept until exit (never dlclose'd: libcurl's global
// state lives as long as the process). An empty failure text means loaded.
struct LoadedLibcurl {
  Libcurl api;
  std::string failure;
};

template <typename Function>
bool resolve(void* library, const char* name, Function& function, std::string& failure) {
  // POSIX: a function pointer may be converted from dlsym's void*.
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (function == nullptr && failure.empty()) failure = std::string(libcurl_soname) + " has no " + name;
  return function != nullptr;
}

const LoadedLibcurl& loaded_libcurl() {
  static const LoadedLibcurl loaded = [] {
    LoadedLibcurl result;
    void* library = dlopen(libcurl_soname, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      const char* reason = dlerror();
      result.failure = reason != nullptr ? std::string(reason) : std::string(libcurl_soname) + " was not found";
      return result;
    }
    auto& api = result.api;
    resolve(library, "curl_global_init", api.global_init, result.failure);
    resolve(library, "curl_easy_init", api.easy_init, result.failure);
    resolve(library, "curl_easy_setopt", api.easy_setopt, result.failure);
    resolve(library, "curl_easy_perform", api.easy_perform, result.failure);
    resolve(library, "curl_easy_getinfo", api.easy_getinfo, result.failure);
    resolve(library, "curl_easy_cleanup", api.easy_cleanup, result.failure);
    resolve(library, "curl_easy_strerror", api.easy_strerror, result.failure);
    if (result.failure.empty() && api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
      result.failure = std::string(libcurl_soname) + " did not initialise (curl_global_init)";
    }
    return result;
  }();
  return loaded;
}

}  // namespace

void load_libcurl(std::string_view where) {
  const auto& loaded = loaded_libcurl();
  if (loaded.failure.empty()) return;
  throw Error::said(ErrorKind::io, std::string(where), text::words(text::Msg::err_no_libcurl, loaded.failure),
                    text::words(text::Msg::hint_no_libcurl));
}

std::string redacted_url(std::string_view text) {
  std::string out;
  std::size_t done = 0;
  for (std::size_t scheme = text.find("://"); scheme != std::string_view::npos; scheme = text.find("://", done)) {
    const std::size_t start = scheme + 3;
    const std::size_t end = std::min(text.find_first_of("/?# \t'\"", start), text.size());
    const std::string_view authority = text.substr(start, end - start);
    const auto at = authority.rfind('@');
    out.append(text.substr(done, start - done));
    if (at != std::string_view::npos) {
      const std::string_view user_info = authority.substr(0, at);
      const auto colon = user_info.find(':');
      out += colon == std::string_view::npos ? std::string("***") : std::string(user_info.substr(0, colon)) + ":***";
      out.append(authority.substr(at));
    } else {
      out.append(authority);
    }
    done = end;
  }
  out.append(text.substr(done));
  return out;
}

Download download(const std::string& url, const DownloadOptions& options, SpoolFile& body) {
  const std::string shown = redacted_url(url);
  load_libcurl(shown);
  const Libcurl& curl_api = loaded_libcurl().api;
  std::string last_error;
  const int attempts = options.attempts < 1 ? 1 : options.attempts;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(options.timeout_seconds);
  int tried = 0;
  for (int attempt = 1;; ++attempt) {
    const auto left_ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left_ms <= 0) {
      if (last_error.empty()) last_error = "no time left";
      break;
    }
    CURL* curl = curl_api.easy_init();
    if (curl == nullptr) {
      throw Error::said(ErrorKind::io, shown, text::words(text::Msg::err_curl_start), text::words(text::Msg::hint_try_again));
    }
    Download result;
    body.clear();
    Transfer transfer{&options, &body, false, std::nullopt};
    char reason[CURL_ERROR_SIZE] = {};
    curl_api.easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_api.easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, options.connect_timeout_seconds);
    curl_api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(left_ms));
    curl_api.easy_setopt(curl, CURLOPT_NETRC, static_cast<long>(CURL_NETRC_OPTIONAL));
    if (const char* netrc = std::getenv("NETRC"); netrc != nullptr && *netrc != '\0') {
      curl_api.easy_setopt(curl, CURLOPT_NETRC_FILE, netrc);
    }
    if (!options.credentials.empty()) curl_api.easy_setopt(curl, CURLOPT_USERPWD, options.credentials.c_str());
    curl_api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");  // gzip and deflate when the server offers them
    curl_api.easy_setopt(curl, CURLOPT_USERAGENT, "gpuselect (catalog update)");
    curl_api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, &on_body);
    curl_api.easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_api.easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, &on_progress);
    curl_api.easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_api.easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_api.easy_setopt(curl, CURLOPT_ERRORBUFFER, reason);
    curl_api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // A response that announces more than max_bytes is refused before its body (CURLE_FILESIZE_EXCEEDED).
    curl_api.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(options.max_bytes));
    const CURLcode code = curl_api.easy_perform(curl);
    ++tried;
    curl_api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
    curl_api.easy_cleanup(curl);
    result.bytes = body.size();
    if (transfer.write_error) throw *transfer.write_error;
    if (code == CURLE_FILESIZE_EXCEEDED) {
      throw Error::said(ErrorKind::bad_input, shown, text::words(text::Msg::err_response_announces, options.max_bytes),
                        text::words(text::Msg::hint_url_vms_csv));
    }
    if (transfer.too_large) {
      throw Error::said(ErrorKind::bad_input, shown, text::words(text::Msg::err_response_above, options.max_bytes),
                        text::words(text::Msg::hint_url_vms_csv));
    }
    const bool server_error = code == CURLE_OK && result.status >= 500;
    if (code == CURLE_OK && !server_error) return result;
    last_error = code != CURLE_OK ? (reason[0] != '\0' ? std::string(reason) : std::string(curl_api.easy_strerror(code)))
                                  : "HTTP " + std::to_string(result.status);
    if (attempt >= attempts) break;
    const auto wait = std::min<Clock::duration>(std::chrono::seconds(attempt), deadline - Clock::now());  // 1 s, 2 s, ...
    if (wait > Clock::duration::zero()) std::this_thread::sleep_for(wait);
  }
  last_error = redacted_url(last_error);  // libcurl's reason may quote the URL
  throw Error::said(ErrorKind::io, shown,
                    text::words(text::Msg::err_download_failed, tried, tried == 1 ? "" : "s", options.timeout_seconds,
                                last_error),
                    text::words(text::Msg::hint_download_failed));
}

}  // namespace gpuselect::io
