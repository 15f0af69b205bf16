// Catalog listings (`catalog list`, `catalog gpus`, `catalog providers`): table, json, csv, markdown.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "gpuselect/board.hpp"
#include "gpuselect/catalog_format.hpp"
#include "gpuselect/format_traits.hpp"
#include "gpuselect/json_writer.hpp"
#include "gpuselect/messages.hpp"
#include "gpuselect/units.hpp"
#include "render/json_listing.hpp"
#include "render/renderers.hpp"
#include "render/support.hpp"

namespace gpuselect::render {
namespace {

using namespace detail;
using Align = TextTable::Align;
using text::Lang;
using text::Msg;
using text::say;

// A message in `lang` as a header or cell.
std::string words(Msg id, Lang lang) { return std::string(text::message(id, lang)); }

// Prices in JSON and CSV rows: the catalog's own values, which carry up to 6 decimals (SkyPilot's
// GCP sums, Vast and spot medians such as 16.71515), so nothing a price list says is rounded away;
// 6 decimals still absorb floating-point noise from a discount.
constexpr int price_decimals = 6;

std::string price_cell(const std::optional<double>& price, std::string_view currency, bool csv) {
  if (!price) return csv ? "" : "-";
  return csv ? csv_number(round_decimals(*price, price_decimals)) : units::format_money(*price, currency);
}

std::string optional_cell(const std::optional<double>& value, bool csv) {
  if (!value) return csv ? "" : "-";
  return csv ? csv_number(*value) : plain_number(*value, 1);
}

// CSV headers are the machine names, left-aligned and never shrunk.
std::vector<TextTable::Column> csv_columns(std::initializer_list<const char*> names) {
  std::vector<TextTable::Column> columns;
  columns.reserve(names.size());
  for (const char* name : names) columns.push_back({name});
  return columns;
}

void check_listing_format(Format format) {
  if (traits(format).markup)
    throw Error::said("--format", text::words(text::Msg::err_listing_no_html), text::words(text::Msg::hint_listing_formats));
}

// Listings in the human formats and CSV share one grid; CSV gets machine values (no currency signs).
void listing(std::ostream& out, Format format, std::string_view heading, const Grid& grid, const Style& style) {
  if (traits(format).delimited) {
    CsvWriter csv(out);
    std::vector<std::string> header;
    for (const auto& column : grid.columns) header.push_back(column.header);
    csv.row(header);
    for (const auto& row : grid.rows) csv.row(row);
    return;
  }
  if (traits(format).aligned) {
    out << TextTable{grid.columns, grid.rows}.render(style.width, style.color);
    for (const auto& note : grid.notes) out << fit_line(note, style.width) << '\n';
    return;
  }
  render_grids(out, format, heading, {}, {grid}, style);
}

// `catalog gpus|providers`: one catalog table in a listing format, as JSON records (json_listing)
// or as a grid of `columns` with one row(record) each; `note` closes the human formats.
template <typename Record, typename Row>
void catalog_table(std::ostream& out, Format format, std::string_view key, std::string_view heading,
                   const std::vector<Record>& records, const std::vector<TextTable::Column>& columns, Row row,
                   std::string note, const Style& style, Lang lang) {
  check_listing_format(format);
  if (traits(format).document_tree) {
    json_listing(out, key, records, style);
    return;
  }
  Grid grid;
  grid.columns = columns;
  for (const auto& record : records) grid.rows.push_back(row(record));
  if (!traits(format).delimited) grid.notes.push_back(std::move(note));
  listing(out, format, say(lang, Msg::cat_heading, heading), grid, style);
}

}  // namespace

namespace {

// "~$2.10" when the catalog marks the price as estimated (Offering::estimated_fields).
// stated: the price as the catalog states it (per month or year for a subscription), not per hour.
std::string board_price_cell(const catalog::Offering& offering, const board::Row& row, catalog::PricingMode mode,
                             const catalog::Pricing& pricing, std::string_view currency, bool csv,
                             bool stated = false) {
  const auto price = stated ? pricing.stated(mode) : pricing.price(mode);
  if (!price) return csv ? "" : "-";
  const std::string cell = price_cell(price, currency, csv);
  return !csv && board::price_estimated(offering, row, mode) ? std::string(estimated_mark) + cell : cell;
}

// "$0.18..$2.49" in `currency`, from USD amounts times `rate` (USD -> currency).
std::string money_range(double low, double high, std::string_view currency, double rate) {
  const std::string first = units::format_money(low * rate, currency);
  return round_decimals(low * rate, 2) == round_decimals(high * rate, 2)
             ? first
             : first + ".." + units::format_money(high * rate, currency);
}

std::string count_range(double low, double high) {
  return low == high ? fmt::format("{:g}", low) : fmt::format("{:g}..{:g}", low, high);
}

std::string mode_list(std::uint8_t modes, std::string_view separator, Lang lang = Lang::en) {
  std::string text;
  for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
    if ((modes & (1u << m)) == 0) continue;
    if (!text.empty()) text += separator;
    text += mode_name(static_cast<catalog::PricingMode>(m), lang);
  }
  return text;
}

// The row's region by name; null when the offering lists no regions.
void region_field(JsonWriter& json, std::string_view key, const catalog::Offering& offering, const board::Row& row) {
  json.key(key);
  if (row.region == board::no_region) {
    json.value(nullptr);
  } else {
    json.value(board::region_name(offering, row));
  }
}

void board_json(std::ostream& out, const catalog::Catalog& catalog, const board::Board& board, const Style& style) {
  // Streamed: one record at a time, however large the catalog.
  JsonWriter json(out, style.pretty);
  json.begin_object();
  json.field("schema_version", 1);
  json.field("document", "catalog-offerings");
  json.key("offerings");  // the full records of the offerings with a row, in the order of their first row
  json.begin_array();
  std::vector<bool> written(catalog.offerings.size(), false);
  for (const auto& row : board.rows) {
    if (written[row.offering_index]) continue;
    written[row.offering_index] = true;
    catalog::write_json(json, catalog.offerings[row.offering_index]);
  }
  json.end_array();
  json.key("rows");
  json.begin_array();
  for (const auto& row : board.rows) {
    const auto& offering = catalog.offerings[row.offering_index];
    const auto& pricing = board::pricing(offering, row);
    json.begin_object();
    // Lean on purpose (a 50,000-offering catalog has ~100,000 rows): the offering's own fields are
    // in its record under "offerings"; a row adds what the region and the filters decide.
    json.field("offering", offering.id);
    region_field(json, "region", offering, row);
    json.key("prices");
    json.begin_object();
    for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
      const auto mode = static_cast<catalog::PricingMode>(m);
      json.key(catalog::pricing_key(mode));
      // As the catalog states it: per instance-hour, per month for monthly, per year for yearly.
      if (const auto price = pricing.stated(mode)) {
        json.value(round_decimals(*price, price_decimals));
      } else {
        json.value(nullptr);
      }
    }
    json.end_object();
    // The region's cheapest-zone spot price beside the ranked statistic (docs/catalog.md "Prices per
    // region"); null when the catalog does not know it.
    json.key("spot_min");
    const catalog::RegionPrice* own =
        row.region == board::no_region ? nullptr : offering.region_price(board::region_name(offering, row));
    if (own != nullptr && own->spot_min) {
      json.value(round_decimals(*own->spot_min, price_decimals));
    } else {
      json.value(nullptr);
    }
    json.field("price_mode", catalog::pricing_key(row.mode()));
    json.field("price_per_gpu_hour", round_decimals(board::price_per_gpu(offering, row), price_decimals));
    json.key("estimated");  // pricing keys whose price here the catalog marks estimated
    json.begin_array();
    for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
      const auto mode = static_cast<catalog::PricingMode>(m);
      if (pricing.price(mode) && board::price_estimated(offering, row, mode)) json.value(catalog::pricing_key(mode));
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  if (!board.groups.empty()) {
    json.key("groups");
    json.begin_array();
    for (const auto& group : board.groups) {
      json.begin_object();
      if (!group.gpu.empty()) json.field("gpu", group.gpu);
      if (!group.provider.empty()) json.field("provider", group.provider);
      if (!group.region.empty()) json.field("region", group.region);
      json.field("rows", group.rows);
      json.field("min_gpus", group.min_gpus);
      json.field("max_gpus", group.max_gpus);
      json.key("modes");
      json.begin_array();
      for (std::size_t m = 0; m < catalog::pricing_mode_count; ++m) {
        if ((group.modes & (1u << m)) != 0) json.value(catalog::pricing_key(static_cast<catalog::PricingMode>(m)));
      }
      json.end_array();
      json.field("min_price_per_hour_usd", round_money(group.min_price_usd));
      json.field("max_price_per_hour_usd", round_money(group.max_price_usd));
      json.field("min_price_per_gpu_hour_usd", round_money(group.min_price_per_gpu_usd));
      json.field("max_price_per_gpu_hour_usd", round_money(group.max_price_per_gpu_usd));
      const auto& cheapest = board.rows[group.cheapest_row];
      const auto& offering = catalog.offerings[cheapest.offering_index];
      json.field("cheapest_offering", offering.id);
      region_field(json, "cheapest_region", offering, cheapest);
      json.end_object();
    }
    json.end_array();
  }
  json.end_object();
  json.finish();
}

Grid group_grid(const catalog::Catalog& catalog, const board::Board& board, bool csv, Lang lang,
                std::string_view currency) {
  Grid grid;
  // Groups sum in USD; --currency shows them in its currency (CSV keeps its *_usd columns).
  const std::string shown = currency.empty() ? std::string("USD") : std::string(currency);
  const double rate = currency.empty() ? 1.0 : catalog::convert(catalog, 1.0, "USD", shown);
  const auto& first = board.groups.front();
  const bool by_gpu = !first.gpu.empty();
  const bool by_provider = !first.provider.empty();
  const bool by_region = !first.region.empty() || std::any_of(board.groups.begin(), board.groups.end(),
                                                              [](const board::Group& g) { return !g.region.empty(); });
  if (csv) {
    if (by_gpu) grid.columns.push_back({"gpu"});
    if (by_provider) grid.columns.push_back({"provider"});
    if (by_region) grid.columns.push_back({"region"});
    const auto tail = csv_columns({"rows", "min_gpus", "max_gpus", "modes", "min_price_per_hour_usd",
                                   "max_price_per_hour_usd", "min_price_per_gpu_hour_usd", "max_price_per_gpu_hour_usd",
                                   "cheapest_offering", "cheapest_region"});
    grid.columns.insert(grid.columns.end(), tail.begin(), tail.end());
  } else {
    // Group keys, the cheapest offering (ids) and the price ranges are never cut; the modes and the
    // cheapest offering's region shrink instead.
    if (by_gpu) grid.columns.push_back({"GPU", Align::left, false, false, true});
    if (by_provider) grid.columns.push_back({words(Msg::col_provider, lang), Align::left, false, false, true});
    if (by_region) grid.columns.push_back({words(Msg::cat_region, lang), Align::left, false, false, true});
    grid.columns.insert(
        grid.columns.end(),
        {{words(Msg::cat_offers, lang), Align::right},
         {words(Msg::cat_gpu_count, lang), Align::right},
         {words(Msg::cat_modes, lang), Align::left, true},
         {currency.empty() ? std::string("$/h") : shown + "/h", Align::right, false, false, true},
         {currency.empty() ? std::string("$/GPU-h") : shown + "/GPU-h", Align::right, false, false, true},
         {words(Msg::cat_cheapest_per_gpu, lang), Align::left, false, false, true},
         {words(Msg::cat_region, lang), Align::left, true}});
  }
  for (const auto& group : board.groups) {
    std::vector<std::string> cells;
    if (by_gpu) cells.push_back(group.gpu);
    if (by_provider) cells.push_back(group.provider);
    if (by_region) cells.push_back(group.region);
    const auto& cheapest = board.rows[group.cheapest_row];
    const auto& offering = catalog.offerings[cheapest.offering_index];
    const std::string_view region = board::region_name(offering, cheapest);
    if (csv) {
      cells.insert(cells.end(), {std::to_string(group.rows), csv_number(group.min_gpus), csv_number(group.max_gpus),
                                 mode_list(group.modes, ";"), csv_number(round_money(group.min_price_usd)),
                                 csv_number(round_money(group.max_price_usd)),
                                 csv_number(round_money(group.min_price_per_gpu_usd)),
                                 csv_number(round_money(group.max_price_per_gpu_usd)), offering.id, std::string(region)});
    } else {
      cells.insert(cells.end(), {std::to_string(group.rows), count_range(group.min_gpus, group.max_gpus),
                                 mode_list(group.modes, text::message(Msg::summary_list_separator, lang), lang),
                                 money_range(group.min_price_usd, group.max_price_usd, shown, rate),
                                 money_range(group.min_price_per_gpu_usd, group.max_price_per_gpu_usd, shown, rate),
                                 offering.id, region.empty() ? std::string("-") : std::string(region)});
    }
    grid.rows.push_back(std::move(cells));
  }
  if (!csv) {
    grid.notes.push_back(say(lang, Msg::cat_groups_note, board.groups.size(), board.rows.size()));
    grid.notes.push_back(currency.empty() ? words(Msg::cat_groups_usd_note, lang)
                                          : say(lang, Msg::cat_groups_currency_note, shown));
  }
  return grid;
}

// A catalog::Pricing of the board row with every price multiplied by `rate` (into --currency).
catalog::Pricing converted_pricing(const catalog::Offering& offering, const board::Row& row, double rate) {
  catalog::Pricing pricing = board::pricing(offering, row);
  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    auto& price = pricing.slot(static_cast<catalog::PricingMode>(index));
    if (price) *price *= rate;
  }
  return pricing;
}

// One board row as the CSV's cells (the columns of row_grid's CSV header), prices converted by `rate`.
std::vector<std::string> csv_offering_row(const catalog::Catalog& catalog, const catalog::Offering& offering,
                                          const board::Row& row, const catalog::Pricing& pricing,
                                          const std::string& row_currency, double rate) {
  using catalog::PricingMode;
  std::vector<std::string> estimated;
  for (std::size_t index = 0; index < catalog::pricing_mode_count; ++index) {
    const auto mode = static_cast<PricingMode>(index);
    if (pricing.price(mode) && board::price_estimated(offering, row, mode)) {
      estimated.emplace_back(catalog::pricing_key(mode));
    }
  }
  return {offering.id,
          offering.provider,
          offering.gpu,
          offering.instance_type,
          std::to_string(offering.gpu_count),
          csv_number(offering.gpu_fraction),
          csv_number(board::gpu_memory_gb(catalog, offering)),
          std::string(catalog::to_string(offering.interconnect)),
          std::string(catalog::to_string(offering.isolation)),
          std::string(catalog::to_string(offering.network.rdma)),
          csv_number(offering.network.bandwidth_gbps),
          std::string(board::region_name(offering, row)),
          row_currency,
          price_cell(pricing.on_demand, row_currency, true),
          price_cell(pricing.spot, row_currency, true),
          price_cell(pricing.reserved_1y, row_currency, true),
          price_cell(pricing.reserved_3y, row_currency, true),
          price_cell(pricing.monthly, row_currency, true),
          price_cell(pricing.yearly, row_currency, true),
          price_cell(pricing.capacity_block, row_currency, true),
          std::string(catalog::pricing_key(row.mode())),
          csv_number(round_decimals(board::price_per_gpu(offering, row) * rate, price_decimals)),
          joined(estimated, ";"),
          optional_cell(offering.spot_interruption_pct, true),
          std::string(catalog::to_string(offering.stock)),
          std::to_string(offering.max_nodes),
          offering.as_of,
          offering.source};
}

Grid row_grid(const catalog::Catalog& catalog, const board::Board& board, bool csv, Lang lang,
              std::string_view currency) {
  Grid grid;
  if (csv) {
    grid.columns = csv_columns({"id", "provider", "gpu", "instance_type", "gpu_count", "gpu_fraction", "gpu_memory_gb", "interconnect", "isolation", "rdma", "network_gbps", "region", "currency", "on_demand", "spot", "reserved_1y", "reserved_3y", "monthly", "yearly", "capacity_block", "price_mode", "price_per_gpu_hour", "estimated", "spot_interruption_pct", "stock", "max_nodes", "as_of", "source"});
  } else {
    // The offering id is what a reader copies (--offering, compare) and the prices are what the board
    // is for: never cut; a narrow terminal shrinks the GPU label and the region instead (issue 29
    // review), and a line too narrow even for them is longer than the terminal.
    grid.columns = {{words(Msg::cat_offering, lang), Align::left, false, false, true},
                    {words(Msg::cat_gpus, lang), Align::left, true},
                    {"GB/GPU", Align::right},
                    {words(Msg::cat_region, lang), Align::left, true}};
  }
  // On-demand and spot always; the reserved and subscription columns (per year, per month) only
  // when a row sells one: most boards have no subscription, the domestic ones no reservation.
  using catalog::PricingMode;
  const auto sells = [&](PricingMode mode) {
    return std::any_of(board.rows.begin(), board.rows.end(), [&](const board::Row& row) {
      return board::pricing(catalog.offerings[row.offering_index], row).stated(mode).has_value();
    });
  };
  std::vector<PricingMode> hourly_columns = {PricingMode::on_demand, PricingMode::spot};
  for (const auto mode : {PricingMode::reserved_1y, PricingMode::reserved_3y, PricingMode::capacity_block}) {
    if (!csv && sells(mode)) hourly_columns.push_back(mode);
  }
  const bool show_monthly = !csv && sells(PricingMode::monthly);
  const bool show_yearly = !csv && sells(PricingMode::yearly);
  if (!csv) {
    for (const auto mode : hourly_columns) {
      const Msg header = mode == PricingMode::on_demand     ? Msg::cat_on_demand_h
                         : mode == PricingMode::spot        ? Msg::cat_spot_h
                         : mode == PricingMode::reserved_1y ? Msg::cat_1y_h
                         : mode == PricingMode::reserved_3y ? Msg::cat_3y_h
                                                            : Msg::cat_block_h;
      grid.columns.push_back({words(header, lang), Align::right, false, false, true});
    }
    if (show_monthly) grid.columns.push_back({words(Msg::cat_month, lang), Align::right, false, false, true});
    if (show_yearly) grid.columns.push_back({words(Msg::cat_year, lang), Align::right, false, false, true});
    grid.columns.push_back({words(Msg::cat_per_gpu_h, lang), Align::right, false, false, true});
  }
  bool any_estimated = false;
  std::string oldest, newest;  // as_of dates, YYYY-MM-DD (compare as text)
  for (const auto& row : board.rows) {
    const auto& offering = catalog.offerings[row.offering_index];
    // Each row in its provider's currency, or every row converted to --currency.
    const auto& own_currency = catalog.provider_of(offering).currency;
    const std::string row_currency = currency.empty() ? own_currency : std::string(currency);
    const double rate = currency.empty() ? 1.0 : catalog::convert(catalog, 1.0, own_currency, currency);
    const catalog::Pricing pricing = converted_pricing(offering, row, rate);
    if (csv) {
      grid.rows.push_back(csv_offering_row(catalog, offering, row, pricing, row_currency, rate));
      continue;
    }
    std::vector<std::string> cells = {offering.id, gpu_label(catalog, offering, 1, lang), plain_number(board::gpu_memory_gb(catalog, offering), 0),
                                      row.region == board::no_region ? "-" : std::string(board::region_name(offering, row))};
    for (const auto mode : hourly_columns) {
      cells.push_back(board_price_cell(offering, row, mode, pricing, row_currency, false));
      any_estimated = any_estimated || cells.back().starts_with(estimated_mark);
    }
    for (const auto mode : {PricingMode::monthly, PricingMode::yearly}) {
      if (!(mode == PricingMode::monthly ? show_monthly : show_yearly)) continue;
      cells.push_back(board_price_cell(offering, row, mode, pricing, row_currency, false, true));
      any_estimated = any_estimated || cells.back().starts_with(estimated_mark);
    }
    const bool per_gpu_estimated = board::price_estimated(offering, row, row.mode());
    cells.push_back(fmt::format(
        "{}{} {}", per_gpu_estimated ? estimated_mark : "",
        units::format_money(board::price_per_gpu(offering, row) * rate, row_currency),
        row.mode() == PricingMode::on_demand ? words(Msg::cat_od, lang) : std::string(mode_name(row.mode(), lang))));
    grid.rows.push_back(std::move(cells));
    if (oldest.empty() || offering.as_of < oldest) oldest = offering.as_of;
    if (offering.as_of > newest) newest = offering.as_of;
  }
  if (!csv) {
    grid.notes.push_back(say(lang, Msg::cat_rows_note, board.rows.size(),
                             show_monthly || show_yearly ? words(Msg::cat_rows_subscription, lang) : std::string()));
    grid.notes.push_back(words(Msg::cat_per_gpu_note, lang));
    if (!currency.empty()) grid.notes.push_back(say(lang, Msg::cat_converted_note, currency));
    if (!oldest.empty()) {
      grid.notes.push_back(oldest == newest ? say(lang, Msg::cat_prices_as_of, oldest)
                                            : say(lang, Msg::cat_prices_as_of_range, oldest, newest));
    }
    if (any_estimated) grid.notes.push_back(say(lang, Msg::cat_estimated_note, estimated_mark));
  }
  return grid;
}

}  // namespace

namespace {
// The board keeps its ids and prices whole (`whole` columns) and shrinks the rest, but not below
// "abcde…": when even that does not fit the terminal, the rest is cut there and the lines are
// longer than it (a column of "…" says nothing; --format csv or a filter gives a narrower board).
void keep_readable(Grid& grid, int width) {
  constexpr int readable_columns = 6;
  int needed = detail::table_column_gap * static_cast<int>(grid.columns.size() - 1);
  for (std::size_t c = 0; c < grid.columns.size(); ++c) {
    int natural = display_width(grid.columns[c].header);
    for (const auto& row : grid.rows) {
      if (c < row.size()) natural = std::max(natural, display_width(row[c]));
    }
    needed += grid.columns[c].whole ? natural : std::min(natural, readable_columns);
  }
  if (needed <= width) return;
  for (std::size_t c = 0; c < grid.columns.size(); ++c) {
    if (!grid.columns[c].whole) {
      grid.columns[c].header = detail::truncate_to_width(grid.columns[c].header, readable_columns);
      for (auto& row : grid.rows) {
        if (c < row.size()) row[c] = detail::truncate_to_width(row[c], readable_columns);
      }
    }
    grid.columns[c].whole = true;
  }
}
}  // namespace

void price_board(std::ostream& out, Format format, const catalog::Catalog& catalog, const board::Board& board,
                 const Style& style, std::string_view currency) {
  check_listing_format(format);
  if (traits(format).document_tree) {
    board_json(out, catalog, board, style);
    return;
  }
  const bool csv = traits(format).delimited;
  const Lang lang = csv ? Lang::en : style.lang;
  Grid grid = board.groups.empty() ? row_grid(catalog, board, csv, lang, currency)
                                   : group_grid(catalog, board, csv, lang, currency);
  if (traits(format).aligned) keep_readable(grid, style.width);
  listing(out, format, say(lang, Msg::cat_heading, words(Msg::cat_heading_offerings, lang)), grid, style);
}

void gpus(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style) {
  const bool csv = traits(format).delimited;
  const Lang lang = csv ? Lang::en : style.lang;
  const auto columns =
      csv ? csv_columns({"id", "name", "vendor", "architecture", "memory_gb", "usable_memory_mib",
                         "memory_bandwidth_gbps", "bf16_dense_tflops", "fp32_tflops", "fp8_dense_tflops",
                         "int8_dense_tops", "fp4_dense_tflops", "tdp_watts", "interconnect", "interconnect_gbps",
                         "aliases", "source"})
          : std::vector<TextTable::Column>{{"GPU", Align::left, true},
                                           {words(Msg::cat_name, lang), Align::left, true},
                                           {words(Msg::cat_memory_gb, lang), Align::right},
                                           {words(Msg::cat_bandwidth, lang), Align::right},
                                           {"BF16 TFLOPS", Align::right},
                                           {"FP8 TFLOPS", Align::right},
                                           {"FP4 TFLOPS", Align::right},
                                           {words(Msg::cat_link, lang)},
                                           {words(Msg::cat_aliases, lang), Align::left, true}};
  auto row = [csv, lang](const catalog::Gpu& gpu) -> std::vector<std::string> {
    if (csv) {
      return {gpu.id, gpu.name, gpu.vendor, gpu.architecture, csv_number(gpu.memory_gb),
              csv_number(gpu.usable_memory_mib), csv_number(gpu.memory_bandwidth_gbps),
              csv_number(gpu.bf16_dense_tflops), optional_cell(gpu.fp32_tflops, true),
              optional_cell(gpu.fp8_dense_tflops, true), optional_cell(gpu.int8_dense_tops, true),
              optional_cell(gpu.fp4_dense_tflops, true), csv_number(gpu.tdp_watts), gpu.interconnect,
              csv_number(gpu.interconnect_gbps), joined(gpu.aliases, ";"), gpu.source};
    }
    return {gpu.id,
            std::string(catalog::display_name(gpu, lang)),
            plain_number(gpu.memory_gb, 1),
            plain_number(gpu.memory_bandwidth_gbps, 0),
            plain_number(gpu.bf16_dense_tflops, 1),
            optional_cell(gpu.fp8_dense_tflops, false),
            optional_cell(gpu.fp4_dense_tflops, false),
            gpu.interconnect,
            joined(gpu.aliases, ", ")};
  };
  catalog_table(out, format, "gpus", words(Msg::cat_heading_gpus, lang), catalog.gpus, columns, row,
                say(lang, Msg::cat_gpus_note, catalog.gpus.size()), style, lang);
}

void providers(std::ostream& out, Format format, const catalog::Catalog& catalog, const Style& style) {
  const bool csv = traits(format).delimited;
  const Lang lang = csv ? Lang::en : style.lang;
  const auto columns =
      csv ? csv_columns({"id", "name", "kind", "currency", "support_tier", "support_hours", "first_response_hours",
                         "sla_uptime_pct", "sla_credits", "compliance", "egress_per_gb", "public_ip_per_hour",
                         "storage_per_gb_month", "as_of", "source"})
          : std::vector<TextTable::Column>{{words(Msg::col_provider, lang)},
                                           {words(Msg::cat_name, lang), Align::left, true},
                                           {words(Msg::cat_kind, lang)},
                                           {words(Msg::fact_currency, lang)},
                                           {words(Msg::cat_support, lang)},
                                           {"SLA %", Align::right},
                                           {words(Msg::cat_egress_per_gb, lang), Align::right},
                                           {words(Msg::cat_compliance, lang), Align::left, true},
                                           {words(Msg::cat_as_of, lang)}};
  auto row = [csv, lang](const catalog::Provider& provider) -> std::vector<std::string> {
    if (csv) {
      return {provider.id, provider.name, std::string(catalog::to_string(provider.kind)), provider.currency,
              std::string(catalog::to_string(provider.support.tier)),
              std::string(catalog::to_string(provider.support.hours)),
              csv_number(provider.support.first_response_hours), csv_number(provider.sla_uptime_pct),
              provider.sla_credits ? "true" : "false", joined(provider.compliance, ";"),
              csv_number(provider.egress_per_gb), csv_number(provider.public_ip_per_hour),
              csv_number(provider.storage_per_gb_month), provider.as_of, provider.source};
    }
    // Kind and support hours in words (English: the catalog's names); the support tier is a name.
    constexpr std::array<Msg, 5> kinds = {Msg::cat_kind_hyperscaler, Msg::cat_kind_gpu_cloud, Msg::cat_kind_marketplace,
                                          Msg::cat_kind_regional_cloud, Msg::mode_owned};
    constexpr std::array<Msg, 3> hours = {Msg::fact_support_business, Msg::fact_support_extended,
                                          Msg::fact_support_24x7};
    const bool english = lang == Lang::en;
    const auto kind = static_cast<std::size_t>(provider.kind);
    const auto hour = static_cast<std::size_t>(provider.support.hours);
    return {provider.id,
            std::string(catalog::display_name(provider, lang)),
            english || kind >= kinds.size() ? std::string(catalog::to_string(provider.kind)) : words(kinds[kind], lang),
            provider.currency,
            fmt::format("{} {}", text::term(lang, text::Term::support, catalog::to_string(provider.support.tier)),
                        english || hour >= hours.size() ? std::string(catalog::to_string(provider.support.hours))
                                                        : words(hours[hour], lang)),
            provider.sla_uptime_pct > 0 ? plain_number(provider.sla_uptime_pct, 2) : words(Msg::cat_sla_none, lang),
            units::format_money(provider.egress_per_gb, provider.currency),
            provider.compliance.empty() ? "-" : joined(provider.compliance, ", "),
            provider.as_of};
  };
  catalog_table(out, format, "providers", words(Msg::cat_heading_providers, lang), catalog.providers, columns, row,
                say(lang, Msg::cat_providers_note, catalog.providers.size()), style, lang);
}

}  // namespace gpuselect::render
