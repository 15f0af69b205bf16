#include "cli/app.hpp"

int main(int argc, char** argv) { return gpuselect::cli::main(argc, argv); }
