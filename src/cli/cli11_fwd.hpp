#pragma once
// CLI11's classes that the cli headers name by reference only. Such a header includes this instead of
// <CLI/CLI.hpp>, whose parse takes seconds in each file that includes it (and most of clang-tidy's
// time there); the files that build or read options include <CLI/CLI.hpp> themselves.

namespace CLI {
class App;
class Validator;
}  // namespace CLI
