// Grids: the shape shared by estimate, compare, catalog listings and the HTML report in every format.
#include <algorithm>
#include <initializer_list>

#include <fmt/format.h>

#include "render/renderers.hpp"
#include "render/support.hpp"
#include "gpuselect/messages.hpp"

namespace gpuselect::render::detail {

std::string fit_line(std::string_view line, int width) { return truncate_to_width(line, width); }

namespace {
// Each column's width unshrunk: its widest cell or header.
std::vector<int> natural_widths(const Grid& grid) {
  std::vector<int> widths;
  widths.reserve(grid.columns.size());
  for (std::size_t c = 0; c < grid.columns.size(); ++c) {
    int width = display_width(grid.columns[c].header);
    for (const auto& row : grid.rows)
      if (c < row.size()) width = std::max(width, display_width(row[c]));
    widths.push_back(width);
  }
  return widths;
}

// The grid's columns after the first, in runs that fit `width` beside the first column (at least
// one each): the blocks of a split grid.
std::vector<std::pair<std::size_t, std::size_t>> column_runs(const Grid& grid, int width) {
  const auto widths = natural_widths(grid);
  std::vector<std::pair<std::size_t, std::size_t>> runs;
  std::size_t begin = 1;
  while (begin < widths.size()) {
    int used = widths[0] + table_column_gap + widths[begin];
    std::size_t end = begin + 1;
    while (end < widths.size() && used + table_column_gap + widths[end] <= width) used += table_column_gap + widths[end++];
    runs.emplace_back(begin, end);
    begin = end;
  }
  return runs;
}
}  // namespace

std::string grid_text(const Grid& grid, const Style& style) {
  std::string text;
  if (!grid.title.empty()) {
    text += style.color ? fmt::format("\x1b[1m{}\x1b[0m\n", fit_line(grid.title, style.width))
                        : fit_line(grid.title, style.width) + "\n";
  }
  const auto runs = grid.split_columns && grid.columns.size() > 2 ? column_runs(grid, style.width)
                                                                  : std::vector<std::pair<std::size_t, std::size_t>>{};
  if (runs.size() > 1) {
    // Too wide for the terminal: the first column (the names) repeated before each run of the others.
    for (std::size_t r = 0; r < runs.size(); ++r) {
      TextTable block;
      block.columns.push_back(grid.columns[0]);
      block.columns.insert(block.columns.end(), grid.columns.begin() + static_cast<std::ptrdiff_t>(runs[r].first),
                           grid.columns.begin() + static_cast<std::ptrdiff_t>(runs[r].second));
      for (const auto& row : grid.rows) {
        std::vector<std::string> cells{row.empty() ? std::string() : row[0]};
        for (std::size_t c = runs[r].first; c < runs[r].second; ++c) cells.push_back(c < row.size() ? row[c] : "");
        block.rows.push_back(std::move(cells));
      }
      if (r > 0) text += '\n';
      text += block.render(style.width, style.color);
    }
  } else {
    // Long text in a flexible column wraps within it: a grid's text is never cut.
    TextTable table{grid.columns, grid.rows};
    for (auto& column : table.columns) column.wrap = column.wrap || column.flexible;
    text += table.render(style.width, style.color);
  }
  for (const auto& note : grid.notes) text += wrapped("", note, style.width, 2);
  return text;
}

namespace {
// The markdown table of `grid`'s first column and the columns [begin, end).
void markdown_table(std::ostream& out, const Grid& grid, std::size_t begin, std::size_t end) {
  std::vector<std::size_t> picked{0};
  picked.reserve(end - begin + 1);
  for (std::size_t c = begin; c < end; ++c) picked.push_back(c);
  std::vector<std::string> headers;
  headers.reserve(picked.size());
  std::string rule = "|";
  for (const auto c : picked) {
    headers.push_back(grid.columns[c].header);
    rule += grid.columns[c].align == TextTable::Align::right ? " --: |" : " :-- |";
  }
  out << markdown_row(headers) << '\n' << rule << '\n';
  for (const auto& row : grid.rows) {
    std::vector<std::string> cells;
    cells.reserve(picked.size());
    for (const auto c : picked) cells.push_back(c < row.size() ? row[c] : std::string());
    out << markdown_row(cells) << '\n';
  }
}

// Display width of each column as a markdown cell: its widest escaped cell or header.
std::vector<int> markdown_widths(const Grid& grid) {
  std::vector<int> widths;
  widths.reserve(grid.columns.size());
  for (std::size_t c = 0; c < grid.columns.size(); ++c) {
    int width = display_width(markdown_cell(grid.columns[c].header));
    for (const auto& row : grid.rows)
      if (c < row.size()) width = std::max(width, display_width(markdown_cell(row[c])));
    widths.push_back(width);
  }
  return widths;
}
}  // namespace

// A table when its rows fit human_line_limit_columns; else a split grid in narrower tables (the
// first column repeated), and any other grid as a list, one item per row (nothing cut).
void grid_markdown(std::ostream& out, const Grid& grid, text::Lang lang) {
  if (!grid.title.empty()) out << "#### " << markdown_cell(grid.title) << "\n\n";
  const auto widths = markdown_widths(grid);
  // "| a | b |": a cell's width plus " | " each, and the opening "|".
  const auto row_width = [&](std::size_t begin, std::size_t end) {
    int width = 1 + widths[0] + 3;
    for (std::size_t c = begin; c < end; ++c) width += widths[c] + 3;
    return width;
  };
  const std::size_t count = grid.columns.size();
  if (count == 0 || row_width(1, count) <= human_line_limit_columns) {
    markdown_table(out, grid, 1, count);
  } else {
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    bool runs_fit = grid.split_columns;
    for (std::size_t begin = 1; runs_fit && begin < count;) {
      std::size_t end = begin + 1;
      while (end < count && row_width(begin, end + 1) <= human_line_limit_columns) ++end;
      runs_fit = row_width(begin, end) <= human_line_limit_columns;
      runs.emplace_back(begin, end);
      begin = end;
    }
    if (runs_fit) {
      for (std::size_t r = 0; r < runs.size(); ++r) {
        if (r > 0) out << '\n';
        markdown_table(out, grid, runs[r].first, runs[r].second);
      }
    } else {
      // "- **first cell**: Header: value; Header: value" per row, wrapped ("- **name**: value" for two).
      const std::string_view label_separator = text::message(text::Msg::md_label_separator, lang);
      const std::string_view item_separator = text::message(text::Msg::md_item_separator, lang);
      for (const auto& row : grid.rows) {
        std::string item = fmt::format("**{}**", markdown_cell(row.empty() ? std::string() : row[0]));
        std::string rest;
        for (std::size_t c = 1; c < count && c < row.size(); ++c) {
          if (row[c].empty()) continue;
          // Two columns: a name and its value, which needs no header.
          append_separated(rest, item_separator,
                           count == 2 ? markdown_cell(row[c])
                                      : fmt::format("{}{}{}", markdown_cell(grid.columns[c].header), label_separator,
                                                    markdown_cell(row[c])));
        }
        if (!rest.empty()) item += std::string(label_separator) + rest;
        out << markdown_wrapped("- ", item, 2);
      }
    }
  }
  for (const auto& note : grid.notes) out << '\n' << markdown_wrapped("", markdown_cell(note), 0);
  out << '\n';
}

namespace {
std::vector<std::string> csv_header(const Grid& grid) {
  std::vector<std::string> header;
  header.reserve(grid.columns.size() + 1);
  header.emplace_back("section");
  for (const auto& column : grid.columns) header.push_back(column.header);
  return header;
}
}  // namespace

void grid_csv(CsvWriter& csv, const Grid& grid) {
  csv.row(csv_header(grid));
  grid_rows_csv(csv, grid);
}

void grid_rows_csv(CsvWriter& csv, const Grid& grid) {
  for (const auto& row : grid.rows) {
    std::vector<std::string> fields{grid.title};
    fields.insert(fields.end(), row.begin(), row.end());
    csv.row(fields);
  }
}

namespace {
// The value of an indexed optional entry: "" where the list is shorter.
const std::string& entry_or_empty(const std::vector<std::string>& list, std::size_t index) {
  static const std::string none;
  return index < list.size() ? list[index] : none;
}

// ` class="..."` for the classes that are set, or "".
std::string class_attribute(std::initializer_list<std::string_view> classes) {
  std::string joined;
  for (const auto name : classes) {
    if (name.empty()) continue;
    if (!joined.empty()) joined += ' ';
    joined += html_escape(name);
  }
  return joined.empty() ? std::string() : fmt::format(" class=\"{}\"", joined);
}
}  // namespace

std::string grid_html(const Grid& grid) {
  std::string html;
  if (!grid.title.empty()) html += fmt::format("<h2>{}</h2>\n", html_escape(grid.title));
  html += fmt::format("<table{}>\n<thead><tr>", class_attribute({grid.html.table_class}));
  auto numeric = [&](std::size_t c) { return grid.columns[c].align == TextTable::Align::right ? "num" : ""; };
  for (std::size_t c = 0; c < grid.columns.size(); ++c)
    html += fmt::format("<th{}>{}</th>", class_attribute({numeric(c)}), html_escape(grid.columns[c].header));
  html += "</tr></thead>\n<tbody>\n";
  for (std::size_t r = 0; r < grid.rows.size(); ++r) {
    const auto& row = grid.rows[r];
    html += fmt::format("<tr{}>", class_attribute({entry_or_empty(grid.html.row_classes, r)}));
    for (std::size_t c = 0; c < grid.columns.size(); ++c) {
      const std::string& cell = entry_or_empty(row, c);
      const bool markup = c < grid.html.markup_columns.size() && grid.html.markup_columns[c];
      const std::string label = grid.html.card_labels && !grid.columns[c].header.empty()
                                    ? fmt::format(" data-label=\"{}\"", html_escape(grid.columns[c].header))
                                    : std::string();
      html += fmt::format("<td{}{}>{}</td>", class_attribute({numeric(c), entry_or_empty(grid.html.column_classes, c)}),
                          label, markup ? cell : html_escape(cell));
    }
    html += "</tr>\n";
  }
  html += "</tbody>\n</table>\n";
  for (const auto& note : grid.notes) html += fmt::format("<p class=\"note\">{}</p>\n", html_escape(note));
  return html;
}

void render_grids(std::ostream& out, Format format, std::string_view heading, const std::vector<std::string>& preamble,
                  const std::vector<Grid>& grids, const Style& style) {
  switch (format) {
    case Format::table: {
      std::string text = style.color ? fmt::format("\x1b[1m{}\x1b[0m\n", fit_line(heading, style.width))
                                     : fit_line(heading, style.width) + "\n";
      for (const auto& line : preamble) text += wrapped("", line, style.width, 2);
      for (const auto& grid : grids) {
        text += '\n';
        text += grid_text(grid, style);
      }
      out << text;
      return;
    }
    case Format::markdown: {
      out << "### " << markdown_cell(heading) << "\n\n";
      for (const auto& line : preamble) out << markdown_wrapped("- ", markdown_cell(line), 2);
      if (!preamble.empty()) out << '\n';
      for (const auto& grid : grids) grid_markdown(out, grid, style.lang);
      out << "<sub>Generated by " << markdown_cell(style.generated_by) << "</sub>\n";
      return;
    }
    case Format::html: {
      std::string body = fmt::format("<h1>{}</h1>\n", html_escape(heading));
      if (!preamble.empty()) {
        body += "<ul class=\"job\">\n";
        for (const auto& line : preamble) body += fmt::format("<li>{}</li>\n", html_escape(line));
        body += "</ul>\n";
      }
      for (const auto& grid : grids) body += grid_html(grid);
      out << html_page(heading, body, style);
      return;
    }
    case Format::csv: {
      // One header for a run of grids with the same columns, so key/value sections make one table.
      CsvWriter csv(out);
      std::vector<std::string> previous;
      for (const auto& grid : grids) {
        auto header = csv_header(grid);
        if (header != previous) csv.row(header);
        grid_rows_csv(csv, grid);
        previous = std::move(header);
      }
      return;
    }
    case Format::json:
      break;
  }
  throw Error::said("--format", text::words(text::Msg::err_not_grid_format, to_string(format)),
                    text::words(text::Msg::hint_grid_formats));
}

}  // namespace gpuselect::render::detail
