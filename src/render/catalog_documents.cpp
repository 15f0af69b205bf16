// The catalog's own documents (`catalog show`, `catalog validate`) in every format they have.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuselect/catalog_format.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/json_writer.hpp"
#include "gpuselect/render.hpp"

namespace gpuselect::render {

namespace {

std::string_view severity_name(Severity severity) { return severity == Severity::error ? "error" : "warning"; }

// The records `catalog show` prints for an id, in the order the catalog looks them up: an offering
// (with its provider and GPU), a GPU, a provider, a model. Null when none has the id.
nlohmann::ordered_json show_document(const catalog::Catalog& catalog, std::string_view id) {
  nlohmann::ordered_json document;
  if (const auto* offering = catalog.find_offering(id)) {
    document["offering"] = catalog::to_json(*offering);
    document["provider"] = catalog::to_json(catalog.provider_of(*offering));
    document["gpu"] = catalog::to_json(catalog.gpu_of(*offering));
    document["defined_at"] = catalog.where(offering->pos);
  } else if (const auto* gpu = catalog.find_gpu(id)) {
    document["gpu"] = catalog::to_json(*gpu);
    document["defined_at"] = catalog.where(gpu->pos);
  } else if (const auto* provider = catalog.find_provider(id)) {
    document["provider"] = catalog::to_json(*provider);
    document["defined_at"] = catalog.where(provider->pos);
  } else if (const auto* model = catalog.find_model(id)) {
    document["model"] = catalog::to_json(*model);
    document["defined_at"] = catalog.where(model->pos);
  }
  return document;
}

}  // namespace

bool catalog_show(std::ostream& out, Format format, const catalog::Catalog& catalog, std::string_view id,
                  const Style& style) {
  const nlohmann::ordered_json document = show_document(catalog, id);
  if (document.is_null()) return false;
  if (traits(format).document_tree) {
    nlohmann::ordered_json with_version{{"schema_version", 1}, {"document", "catalog-show"}};
    for (const auto& [key, value] : document.items()) with_version[key] = value;
    write_json(out, with_version, style.pretty);
  } else {
    record(out, document, style);
  }
  return true;
}

void validate_json(std::ostream& out, const ValidateReport& report, const Style& style) {
  JsonWriter json(out, style.pretty);
  json.begin_object();
  json.field("schema_version", 1);
  json.field("document", "catalog-validate");
  json.field("valid", report.valid);
  json.key("files");
  json.begin_array();
  for (const auto& file : report.files) json.value(file);
  json.end_array();
  json.field("errors", report.errors);
  json.field("warnings", report.warnings);
  json.field("diagnostics_not_shown", report.not_shown);
  json.field("builtin_findings_hidden", report.builtin_hidden);
  json.key("diagnostics");
  json.begin_array();
  for (const Diagnostic* d : report.summary->listed) {
    json.begin_object();
    json.field("severity", severity_name(d->severity));
    json.field("file", d->file.str());
    json.field("line", d->line);
    json.field("column", d->column);
    json.field("message", d->message);
    json.field("hint", d->hint);
    json.end_object();
  }
  json.end_array();
  json.key("repeated");  // kinds with more findings than --max-per-kind: the rest counted
  json.begin_array();
  for (const auto& kind : report.summary->repeated) {
    json.begin_object();
    json.field("severity", severity_name(kind.severity));
    json.field("hint", kind.hint);
    json.field("count", kind.count);
    json.field("listed", kind.listed);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

std::string validate_findings(const ValidateReport& report, text::Lang lang) {
  std::string out;
  for (const Diagnostic* diagnostic : report.summary->listed) {
    out += format_diagnostic(*diagnostic, lang);
    out += '\n';
  }
  for (const auto& kind : report.summary->repeated) {
    // The kind is its English hint; a listed finding of the kind says it in `lang`.
    std::string hint = kind.hint.empty() ? text::say(lang, text::Msg::val_no_hint) : kind.hint;
    for (const Diagnostic* listed : report.summary->listed) {
      if (listed->severity == kind.severity && listed->hint == kind.hint && listed->said) {
        hint = text::spaced_cjk(listed->said->hint.say(lang));
        break;
      }
    }
    text::Msg more = kind.severity == Severity::error ? text::Msg::val_more_errors : text::Msg::val_more_warnings;
    out += "gpuselect: " + std::string(severity_name(kind.severity)) + ": " +
           text::say(lang, more, kind.count - kind.listed, hint) + '\n';
  }
  if (report.not_shown > 0) out += "gpuselect: " + text::say(lang, text::Msg::val_not_shown, report.not_shown, report.kept_limit) + '\n';
  return out;
}

std::string validate_summary(const ValidateReport& report, text::Lang lang) {
  return text::say(lang, report.valid ? text::Msg::val_valid : text::Msg::val_invalid, report.files.size(), report.gpus,
                   report.providers, report.offerings, report.models, report.errors, report.warnings,
                   report.builtin_hidden > 0 ? text::say(lang, text::Msg::val_builtin_hidden, report.builtin_hidden)
                                             : std::string()) +
         '\n';
}

}  // namespace gpuselect::render
