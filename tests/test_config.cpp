// The config reader (core/config.cpp) over the shared libyaml wrapper (core/yaml_events.hpp): values
// with where they were written, and every problem one Error at file:line:col (docs/hardening.md).
#include <string>

#include <catch2/catch.hpp>

#include "gpuselect/config.hpp"
#include "gpuselect/error.hpp"

namespace {

using namespace gpuselect;

std::string error_line(const std::string& text) {
  try {
    config::parse(text, "c.yaml");
  } catch (const Error& error) {
    return error.line();
  }
  return "no error";
}

}  // namespace

TEST_CASE("config reader: values keep where they were written", "[config]") {
  const config::File file =
      config::parse("profile: balanced\nweights: {cost: 0.4, stability: 0.3}\ncatalogs: [a.yaml, b.yaml]\n", "c.yaml");
  REQUIRE(file.profile);
  CHECK(file.profile->value == "balanced");
  CHECK(file.profile->where == "c.yaml:1:10");
  REQUIRE(file.weights);
  CHECK(file.weights->value == "cost=0.4,stability=0.3");
  CHECK(file.weights->where == "c.yaml:2:10");
  REQUIRE(file.catalogs.size() == 2);
  CHECK(file.catalogs[1].value == "b.yaml");
  CHECK(file.catalogs[1].where == "c.yaml:3:20");
  CHECK_FALSE(file.top);
  // An empty file and an empty document are an empty config.
  CHECK_FALSE(config::parse("", "c.yaml").profile);
  CHECK_FALSE(config::parse("---\n", "c.yaml").profile);
}

TEST_CASE("config reader: each YAML problem is one error line at file:line:col", "[config]") {
  struct Case {
    const char* text;
    const char* line;
  };
  const Case cases[] = {
      {"profile: \"balanced\n", "c.yaml:2:1: invalid YAML: found unexpected end of stream; fix the YAML syntax"},
      {"profile: &p balanced\ncurrency: *p\n", "c.yaml:2:11: aliases are not supported; write the value out"},
      {"top: !!str 3\n",
       "c.yaml:1:6: YAML tags are not supported (found 'tag:yaml.org,2002:str'); remove the tag and write the plain "
       "value"},
      {"weights: !w {cost: 1}\n",
       "c.yaml:1:10: YAML tags are not supported (found '!w'); remove the tag and write the plain value"},
      {"profile: a\nprofile: b\n", "c.yaml:2:1: duplicate config key 'profile'; keep one of the two lines"},
      {"profile: a\n---\ntop: 3\n",
       "c.yaml:2:1: a config file holds one YAML document; remove the '---' and merge the settings into the first "
       "document"},
      {"- a\n",
       "c.yaml:1:1: a config file must be a map of settings; write 'key: value' lines such as 'profile: balanced'"},
      {"profle: a\n", "c.yaml:1:1: unknown config key 'profle'; did you mean 'profile'? (the keys are in docs/cli.md)"},
      {"catalogs: [a, [b]]\n", "c.yaml:1:15: each catalog must be a file path; write a path string"},
      {"weights: {cost: [1]}\n", "c.yaml:1:17: weight of 'cost' must be a number; write cost: 0.3"},
  };
  for (const auto& item : cases) {
    INFO(item.text);
    CHECK(error_line(item.text) == item.line);
  }
}
