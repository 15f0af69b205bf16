// The one option table (src/cli/option_table.hpp): every option's row carries what its value is, and
// the settings a config file may give are rows of setting_fields that the options' rows name
// (docs/architecture.md "A new option"). The tree is built in process, as `gpuselect __complete`
// builds it (every subcommand set up).
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cli/app.hpp"
#include "cli/option_table.hpp"
#include "cli/settings.hpp"

namespace {

using namespace gpuselect;

// Sets up every command (completion does) by completing a word nothing starts with.
void register_every_option() { cli::run_in_process({"__complete", "zzz-nothing"}); }

// A variable set for one scope, restored after.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value, 1);
  }
  ~ScopedVariable() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("every setting is an option's row and every option's setting is a setting", "[cli][options]") {
  register_every_option();
  std::set<std::string> keys;
  for (const auto& row : cli::setting_fields()) keys.insert(row.name);
  std::set<std::string> named;
  for (const auto& option : cli::registered_options()) {
    INFO(option.path << " " << option.name);
    if (option.values->setting.empty()) continue;
    const std::string key(option.values->setting);
    CHECK(keys.count(key) == 1);
    // The option a setting's row says overrides it is the option whose row names the setting.
    CHECK(cli::setting_field(key).flag == option.name);
    named.insert(key);
  }
  CHECK(named == keys);
}

TEST_CASE("every option that takes a value has its --help type in its row", "[cli][options]") {
  register_every_option();
  const auto options = cli::registered_options();
  REQUIRE(options.size() > 100);
  for (const auto& option : options) {
    INFO(option.path << " " << option.name);
    // A value's type, a flag's nothing: --format's type is set per command (its formats).
    if (option.values->range || option.values->choices != nullptr || option.values->list) {
      CHECK((!option.values->type.empty() || option.name == "--format"));
    }
  }
  // A command's own row wins over a global one's; a global option is found from any command.
  REQUIRE(cli::registered_values("estimate", "--gpu") != nullptr);
  CHECK(cli::registered_values("estimate", "--gpu")->type == "GPU");
  CHECK(cli::registered_values("recommend", "--gpu")->type == "GPU[,...]");
  REQUIRE(cli::registered_values("catalog list", "--lang") != nullptr);
  CHECK(cli::registered_values("catalog list", "--lang")->setting == "lang");
  CHECK(cli::registered_values("recommend", "--no-such-option") == nullptr);
}

TEST_CASE("flag, else config, else environment, else default: one rule for every setting", "[cli][options]") {
  const ScopedVariable no_all("LC_ALL", "");
  const ScopedVariable messages("LC_MESSAGES", "zh_CN.UTF-8");
  const ScopedVariable config_home("XDG_CONFIG_HOME", "/nonexistent-gpuselect-test");
  const cli::Settings settings = cli::load_settings("");
  // No config file: the environment's, else the default.
  CHECK(settings.lang.value == "zh-CN");
  CHECK(settings.lang.origin == "environment LC_MESSAGES");
  CHECK(settings.currency.value == "USD");
  CHECK(settings.currency.origin == "default");
  // The flag wins, named by the setting row's option.
  const cli::Setting lang = cli::chosen(settings, "lang", "en");
  CHECK(lang.value == "en");
  CHECK(lang.origin == "--lang");
  CHECK(cli::chosen(settings, "max_nodes", "").origin == "default");
  CHECK(cli::chosen(settings, "max_nodes", "3").origin == "--max-nodes");
  CHECK_THROWS_AS(cli::chosen(settings, "no_such_setting", ""), std::logic_error);
}

TEST_CASE("a flag's environment variable turns it on unless empty or 0", "[cli][options]") {
  CHECK_FALSE(cli::environment_on(""));
  {
    const ScopedVariable on("GPUSELECT_TEST_FLAG_ENV", "1");
    CHECK(cli::environment_on("GPUSELECT_TEST_FLAG_ENV"));
  }
  {
    const ScopedVariable off("GPUSELECT_TEST_FLAG_ENV", "0");
    CHECK_FALSE(cli::environment_on("GPUSELECT_TEST_FLAG_ENV"));
  }
  {
    const ScopedVariable empty("GPUSELECT_TEST_FLAG_ENV", "");
    CHECK_FALSE(cli::environment_on("GPUSELECT_TEST_FLAG_ENV"));
  }
  register_every_option();
  REQUIRE(cli::registered_values("", "--no-cache") != nullptr);
  CHECK(cli::registered_values("", "--no-cache")->environment == "GPUSELECT_NO_CACHE");
}

TEST_CASE("two options of one command with one name are caught once the tree is set up", "[cli][options]") {
  // add_table_option skips CLI11's pairwise check as each option is added (issue 33: a tenth of a
  // built-in recommend); check_unique_option_names is that check, run by every start.
  CLI::App app{"test", "gpuselect-test"};
  CLI::App* command = app.add_subcommand("probe", "a command for this test");
  std::string first;
  std::string second;
  bool flag = false;
  cli::add_table_option(*command, {"--budget", "a budget"}, {}, first);
  cli::add_table_option(*command, {"-b,--bound", "a bound"}, {}, second);
  CHECK_NOTHROW(cli::check_unique_option_names(app));
  // The options are CLI11's, in the order added, each parsed as before.
  REQUIRE(command->get_options().size() == 3);  // --help first
  CHECK(command->get_options()[1]->get_name() == "--budget");
  CHECK(command->get_options()[2]->get_name() == "--bound");
  app.parse(std::vector<std::string>{"7", "-b", "12", "--budget", "probe"});
  CHECK(first == "12");
  CHECK(second == "7");
  cli::add_table_option(*command, {"--budget-only,-b", "a second -b"}, {}, flag);
  CHECK_THROWS_WITH(cli::check_unique_option_names(app), Catch::Contains("'probe' are named -b"));
}
