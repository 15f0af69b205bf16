// Catalog listings (`catalog list`, `catalog gpus`, `catalog providers`): table, json, csv, markdown.
#include <fmt/format.h>

#include "gpuselect/catalog_format.hpp"
#include "gpuselect/json_writer.hpp"
#include "gpuselect/units.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;

std::string price_cell(const std::optional<double>& price, std::string_view currency, bool csv) {
  if (!price) return csv ? "" : "-";
  return csv ? csv_number(round_decimals(*price, 4)) : units::format_money(*price, currency);
}

std::string optional_cell(const std::optional<double>& value, bool csv) {
  if (!value) return csv ? "" : "-";
  return csv ? csv_number(*value) : plain_number(*value, 1);
}

void check_listing_format(Format format) {
  if (format == Format::html)
    throw Error("--format", "catalog listings have no html form", "use --format table, json, csv or markdown");
}

// Listings in the human formats and CSV share one grid; CSV gets machine values (no currency signs).
void listing(std::ostream& out, Format format, std::string_view heading, const Grid& grid, const Style& style) {
  if (format == Format::csv) {
    CsvWriter csv(out);
    std::vector<std::string> header;
    for (const auto& column : grid.columns) header.push_back(column.header);
    csv.row(header);
    for (const auto& row : grid.rows) csv.row(row);
    return;
  }
  if (format == Format::table) {
    out << TextTable{grid.columns, grid.rows}.render(style.width, style.color);
    for (const auto& note : grid.notes) out << fit_line(note, style.width) << '\n';
    return;
  }
  render_grids(out, format, heading, {}, {grid}, style);
}

}  // namespace

void offerings(std::ostream& out, Format format, const catalog::Catalog& catalog,
               const std::vector<const catalog::Offering*>& rows, const Style& style) {
  check_listing_format(format);
  if (format == Format::json) {
    // Streamed: one record's tree at a time, however large the catalog.
    JsonWriter json(out, style.pretty);
    json.begin_object();
    json.field("schema_version", 1);
    json.field("document", "catalog-offerings");
    json.key("offerings");
    json.begin_array();
    for (const auto* offering : rows) json.value(catalog::to_json(*offering));
    json.end_array();
    json.end_object();
    json.finish();
    return;
  }
  const bool csv = format == Format::csv;
  Grid grid;
  if (csv) {
    grid.columns = {{"id"},
                    {"provider"},
                    {"gpu"},
                    {"instance_type"},
                    {"gpu_count"},
                    {"gpu_fraction"},
                    {"interconnect"},
                    {"isolation"},
                    {"rdma"},
                    {"network_gbps"},
                    {"regions"},
                    {"currency"},
                    {"on_demand"},
                    {"spot"},
                    {"reserved_1y"},
                    {"reserved_3y"},
                    {"spot_interruption_pct"},
                    {"stock"},
                    {"max_nodes"},
                    {"as_of"},
                    {"source"}};
  } else {
    grid.columns = {{"Offering", Align::left, true}, {"GPUs", Align::left, true},    {"Link"},
                    {"On-demand/h", Align::right},   {"Spot/h", Align::right},       {"1y/h", Align::right},
                    {"3y/h", Align::right},          {"Regions", Align::left, true}, {"As of"}};
  }
  for (const auto* offering : rows) {
    const auto& provider = catalog.provider_of(*offering);
    const auto& pricing = offering->pricing;
    const auto& currency = provider.currency;
    if (csv) {
      grid.rows.push_back({offering->id,
                           offering->provider,
                           offering->gpu,
                           offering->instance_type,
                           std::to_string(offering->gpu_count),
                           csv_number(offering->gpu_fraction),
                           std::string(catalog::to_string(offering->interconnect)),
                           std::string(catalog::to_string(offering->isolation)),
                           std::string(catalog::to_string(offering->network.rdma)),
                           csv_number(offering->network.bandwidth_gbps),
                           joined(offering->regions, ";"),
                           currency,
                           price_cell(pricing.on_demand, currency, true),
                           price_cell(pricing.spot, currency, true),
                           price_cell(pricing.reserved_1y, currency, true),
                           price_cell(pricing.reserved_3y, currency, true),
                           optional_cell(offering->spot_interruption_pct, true),
                           std::string(catalog::to_string(offering->stock)),
                           std::to_string(offering->max_nodes),
                           offering->as_of,
                           offering->source});
    } else {
      grid.rows.push_back(
          {offering->id, gpu_label(catalog, *offering, 1), std::string(catalog::to_string(offering->interconnect)),
           price_cell(pricing.on_demand, currency, false), price_cell(pricing.spot, currency, false),
           price_cell(pricing.reserved_1y, currency, false), price_cell(pricing.reserved_3y, currency, false),
           joined(offering->regions, ", "), offering->as_of});
    }
  }
  if (!csv)
    grid.notes.push_back(
        fmt::format("{} offerings; prices per instance-hour in the provider's currency.", rows.size()));
  listing(out, format, "gpuselect catalog: offerings", grid, style);
}

void gpus(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style) {
  check_listing_format(format);
  if (format == Format::json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& gpu : catalog.gpus) list.push_back(catalog::to_json(gpu));
    write_json(out, {{"schema_version", 1}, {"document", "catalog-gpus"}, {"gpus", std::move(list)}}, style.pretty);
    return;
  }
  const bool csv = format == Format::csv;
  Grid grid;
  if (csv) {
    grid.columns = {{"id"},
                    {"name"},
                    {"vendor"},
                    {"architecture"},
                    {"memory_gb"},
                    {"usable_memory_mib"},
                    {"memory_bandwidth_gbps"},
                    {"bf16_dense_tflops"},
                    {"fp32_tflops"},
                    {"fp8_dense_tflops"},
                    {"int8_dense_tops"},
                    {"fp4_dense_tflops"},
                    {"tdp_watts"},
                    {"interconnect"},
                    {"interconnect_gbps"},
                    {"aliases"},
                    {"source"}};
  } else {
    grid.columns = {{"GPU", Align::left, true},    {"Name", Align::left, true},
                    {"Memory GB", Align::right},   {"Bandwidth GB/s", Align::right},
                    {"BF16 TFLOPS", Align::right}, {"FP8 TFLOPS", Align::right},
                    {"FP4 TFLOPS", Align::right},  {"Link"},
                    {"Aliases", Align::left, true}};
  }
  for (const auto& gpu : catalog.gpus) {
    if (csv) {
      grid.rows.push_back({gpu.id, gpu.name, gpu.vendor, gpu.architecture, csv_number(gpu.memory_gb),
                           csv_number(gpu.usable_memory_mib), csv_number(gpu.memory_bandwidth_gbps),
                           csv_number(gpu.bf16_dense_tflops), optional_cell(gpu.fp32_tflops, true),
                           optional_cell(gpu.fp8_dense_tflops, true), optional_cell(gpu.int8_dense_tops, true),
                           optional_cell(gpu.fp4_dense_tflops, true), csv_number(gpu.tdp_watts), gpu.interconnect,
                           csv_number(gpu.interconnect_gbps), joined(gpu.aliases, ";"), gpu.source});
    } else {
      grid.rows.push_back({gpu.id, gpu.name, plain_number(gpu.memory_gb, 1), plain_number(gpu.memory_bandwidth_gbps, 0),
                           plain_number(gpu.bf16_dense_tflops, 1), optional_cell(gpu.fp8_dense_tflops, false),
                           optional_cell(gpu.fp4_dense_tflops, false), gpu.interconnect, joined(gpu.aliases, ", ")});
    }
  }
  if (!csv) grid.notes.push_back(fmt::format("{} GPU models; TFLOPS are dense (no sparsity).", catalog.gpus.size()));
  listing(out, format, "gpuselect catalog: GPUs", grid, style);
}

void providers(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style) {
  check_listing_format(format);
  if (format == Format::json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& provider : catalog.providers) list.push_back(catalog::to_json(provider));
    write_json(out, {{"schema_version", 1}, {"document", "catalog-providers"}, {"providers", std::move(list)}},
               style.pretty);
    return;
  }
  const bool csv = format == Format::csv;
  Grid grid;
  if (csv) {
    grid.columns = {{"id"},
                    {"name"},
                    {"kind"},
                    {"currency"},
                    {"support_tier"},
                    {"support_hours"},
                    {"first_response_hours"},
                    {"sla_uptime_pct"},
                    {"sla_credits"},
                    {"compliance"},
                    {"egress_per_gb"},
                    {"public_ip_per_hour"},
                    {"storage_per_gb_month"},
                    {"as_of"},
                    {"source"}};
  } else {
    grid.columns = {{"Provider"},
                    {"Name", Align::left, true},
                    {"Kind"},
                    {"Currency"},
                    {"Support"},
                    {"SLA %", Align::right},
                    {"Egress/GB", Align::right},
                    {"Compliance", Align::left, true},
                    {"As of"}};
  }
  for (const auto& provider : catalog.providers) {
    if (csv) {
      grid.rows.push_back({provider.id, provider.name, std::string(catalog::to_string(provider.kind)),
                           provider.currency, std::string(catalog::to_string(provider.support.tier)),
                           std::string(catalog::to_string(provider.support.hours)),
                           csv_number(provider.support.first_response_hours), csv_number(provider.sla_uptime_pct),
                           provider.sla_credits ? "true" : "false", joined(provider.compliance, ";"),
                           csv_number(provider.egress_per_gb), csv_number(provider.public_ip_per_hour),
                           csv_number(provider.storage_per_gb_month), provider.as_of, provider.source});
    } else {
      grid.rows.push_back(
          {provider.id, provider.name, std::string(catalog::to_string(provider.kind)), provider.currency,
           fmt::format("{} {}", catalog::to_string(provider.support.tier), catalog::to_string(provider.support.hours)),
           provider.sla_uptime_pct > 0 ? plain_number(provider.sla_uptime_pct, 2) : "none",
           units::format_money(provider.egress_per_gb, provider.currency),
           provider.compliance.empty() ? "-" : joined(provider.compliance, ", "), provider.as_of});
    }
  }
  if (!csv) grid.notes.push_back(fmt::format("{} providers.", catalog.providers.size()));
  listing(out, format, "gpuselect catalog: providers", grid, style);
}

}  // namespace gpuselect::render
