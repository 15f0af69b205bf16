#pragma once
// Everything a cmd_<name>.cpp uses, one header each: global options (global_options.hpp), the
// subcommand table (subcommands.hpp), loading the catalog (catalog_sources.hpp), output options and
// writing output (output_options.hpp), flag values (value_parsers.hpp), today and values kept until
// exit (process.hpp), the workload options (workload_options.hpp, from the table in
// src/workload/flags.cpp). A file that needs only some of them includes those.
#include "cli/catalog_sources.hpp"
#include "cli/global_options.hpp"
#include "cli/output_options.hpp"
#include "cli/process.hpp"
#include "cli/subcommands.hpp"
#include "cli/value_parsers.hpp"
#include "cli/workload_options.hpp"
#include "gpuselect/catalog.hpp"
#include "gpuselect/ranges.hpp"
#include "gpuselect/render.hpp"
#include "gpuselect/workload.hpp"
