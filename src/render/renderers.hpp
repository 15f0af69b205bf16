#pragma once
// Internal pieces shared by the per-document renderers: a titled grid that renders to every
// human format and to CSV, and the HTML page frame.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "gpuselect/catalog_format.hpp"
#include "gpuselect/render.hpp"
#include "render/csv_writer.hpp"

namespace gpuselect::render::detail {

// A titled table of text cells; the same values render as a text table, markdown, CSV and HTML.
struct Grid {
  std::string title;  // "" for none
  std::vector<TextTable::Column> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> notes;  // plain lines after the table
  // Text: when wider than the terminal, the first column is repeated before each run of the others
  // that fits (compare: the figure names stay whole, each offering is a column).
  bool split_columns = false;
  // What only grid_html reads. Classes are escaped like text; a missing or "" entry adds none.
  struct Html {
    std::string table_class;                  // of <table>
    std::vector<std::string> row_classes;     // of each row's <tr>, by row index
    std::vector<std::string> column_classes;  // of each body <td>, by column, after "num" of a right-aligned one
    // Columns whose cells are markup built only from fixed tags and html_escape'd text, written as
    // they are: a grid that has any renders to HTML only.
    std::vector<bool> markup_columns;
    // Each <td> carries its column's header as data-label, which the page's narrow layout (cards,
    // the header row hidden) shows before the value.
    bool card_labels = false;
  } html;
};

std::string grid_text(const Grid& grid, const Style& style);
// A grid too wide for a table is a list whose separators follow `lang` (Chinese: full-width "：" and "；").
void grid_markdown(std::ostream& out, const Grid& grid, text::Lang lang);
void grid_csv(CsvWriter& csv, const Grid& grid);       // header row ("section", columns...) + rows
void grid_rows_csv(CsvWriter& csv, const Grid& grid);  // rows only, the title as first field
std::string grid_html(const Grid& grid);

// A document made of grids in any human format (table, markdown, html); csv writes each grid's
// rows with its title as a first column. `heading` opens the document.
void render_grids(std::ostream& out, Format format, std::string_view heading, const std::vector<std::string>& preamble,
                  const std::vector<Grid>& grids, const Style& style);

// The complete self-contained HTML page: inline CSS, no external resources.
std::string html_page(std::string_view title, std::string_view body, const Style& style);
// The style sheet html_page inlines, without the <style> tags.
std::string_view page_css();

void recommend_html(std::ostream& out, const RecommendView& view, const Style& style);
// The ranking documents, streamed (json_documents.cpp).
void write_recommend_json(std::ostream& out, const RecommendView& view, const Style& style);
void write_compare_json(std::ostream& out, const RecommendView& view, const Style& style);

// Lines that must fit the terminal: cut with an ellipsis beyond `width` columns.
std::string fit_line(std::string_view line, int width);

}  // namespace gpuselect::render::detail
