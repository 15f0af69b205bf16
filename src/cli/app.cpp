#include "cli/app.hpp"

#include <iostream>

#include <CLI/CLI.hpp>

#include "gpuselect/version.hpp"

namespace gpuselect::cli {

int main(int argc, char** argv) {
  CLI::App app{"gpuselect: which GPU cloud offering to rent for a deep-learning job", "gpuselect"};
  app.set_version_flag("--version", std::string("gpuselect ") + version_string);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error);
  }
  return exit_ok;
}

}  // namespace gpuselect::cli
