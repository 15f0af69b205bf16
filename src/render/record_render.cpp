// `catalog show` and `catalog models`: records for people.
#include <cctype>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuselect/format_traits.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/units.hpp"
#include "render/json_listing.hpp"
#include "render/renderers.hpp"

namespace gpuselect::render {

namespace {
std::string scalar_text(const nlohmann::ordered_json& value) {
  if (value.is_null()) return "-";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string text;
    for (const auto& item : value) text += (text.empty() ? "" : ", ") + scalar_text(item);
    return text.empty() ? "-" : text;
  }
  return value.dump();
}

void flatten(const nlohmann::ordered_json& object, const std::string& prefix, TextTable& table) {
  for (const auto& [key, value] : object.items()) {
    const std::string name = prefix.empty() ? key : prefix + "." + key;
    if (value.is_object()) {
      flatten(value, name, table);
    } else {
      table.rows.push_back({name, scalar_text(value)});
    }
  }
}

// A section's title in `lang` (the English is the document's key).
std::string section_title(const std::string& section, text::Lang lang) {
  struct Title {
    std::string_view key;
    text::Msg title;
  };
  static constexpr Title titles[] = {{"offering", text::Msg::show_offering}, {"provider", text::Msg::show_provider},
                                     {"gpu", text::Msg::show_gpu},           {"model", text::Msg::show_model},
                                     {"defined_at", text::Msg::show_defined_at}};
  for (const auto& row : titles) {
    if (row.key == section) return std::string(text::message(row.title, lang));
  }
  return section;
}
}  // namespace

void record(std::ostream& out, const nlohmann::ordered_json& document, const Style& style) {
  bool first = true;
  for (const auto& [section, value] : document.items()) {
    if (!value.is_object()) {
      out << section_title(section, style.lang) << ": " << scalar_text(value) << "\n";
      continue;
    }
    if (!first) out << "\n";
    first = false;
    TextTable table;
    table.columns = {{section_title(section, style.lang), TextTable::Align::left, false},
                     {"", TextTable::Align::left, true}};
    flatten(value, "", table);
    out << table.render(style.width, style.color);
  }
}

void models(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style) {
  if (traits(format).document_tree) {
    detail::json_listing(out, "models", catalog.models, style);
    return;
  }
  const text::Lang lang = style.lang;
  const auto head = [lang](text::Msg id) { return std::string(text::message(id, lang)); };
  TextTable table;
  // The id is what --model takes: never cut (the source shrinks instead).
  table.columns = {{head(text::Msg::mdl_id), TextTable::Align::left, false, false, true},
                   {head(text::Msg::mdl_family)},
                   {head(text::Msg::mdl_params), TextTable::Align::right},
                   {head(text::Msg::mdl_layers), TextTable::Align::right},
                   {head(text::Msg::mdl_hidden), TextTable::Align::right},
                   {head(text::Msg::mdl_heads), TextTable::Align::right},
                   {head(text::Msg::mdl_kv_heads), TextTable::Align::right},
                   {head(text::Msg::mdl_attention)},
                   {head(text::Msg::mdl_experts)},
                   {head(text::Msg::mdl_active), TextTable::Align::right},
                   {head(text::Msg::mdl_context), TextTable::Align::right},
                   {head(text::Msg::mdl_source), TextTable::Align::left, true}};
  // The attention kind as written (gqa), upper case in Chinese where it stands among Chinese words (GQA).
  const auto attention = [lang](catalog::AttentionKind kind) {
    std::string name(catalog::to_string(kind));
    if (lang != text::Lang::en) {
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return name;
  };
  for (const auto& model : catalog.models) {
    const bool transformer = model.shape.heads > 0;
    std::string experts = "-";
    if (model.shape.experts > 0) {
      experts = fmt::format("{} top-{}", model.shape.experts, model.shape.experts_per_token);
      if (model.shape.shared_experts > 0) experts += fmt::format(" + {}", model.shape.shared_experts);
    }
    table.rows.push_back(
        {model.id, text::term(lang, text::Term::model_family, catalog::to_string(model.family)),
         units::format_count(model.shape.params), std::to_string(model.shape.layers),
         std::to_string(model.shape.hidden), std::to_string(model.shape.heads), std::to_string(model.shape.kv_heads),
         transformer ? attention(model.attention) : std::string("-"), experts,
         model.shape.active_params > 0 ? units::format_count(model.shape.active_params) : std::string("-"),
         std::to_string(model.max_context), model.source});
  }
  if (traits(format).delimited) {
    out << "id,family,params,layers,hidden,heads,kv_heads,max_context,attention,experts,experts_per_token,"
           "shared_experts,active_params\r\n";
    for (const auto& model : catalog.models) {
      out << fmt::format(
          "{},{},{:.0f},{},{},{},{},{},{},{},{},{},{:.0f}\r\n", model.id, catalog::to_string(model.family),
          model.shape.params, model.shape.layers, model.shape.hidden, model.shape.heads, model.shape.kv_heads,
          model.max_context, catalog::to_string(model.attention), model.shape.experts, model.shape.experts_per_token,
          model.shape.shared_experts, model.shape.active_params > 0 ? model.shape.active_params : model.shape.params);
    }
    return;
  }
  out << table.render(style.width, style.color);
}

}  // namespace gpuselect::render
