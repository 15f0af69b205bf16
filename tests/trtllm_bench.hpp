// The batch TensorRT-LLM's trtllm-bench runs a throughput row at (the serving calibration and
// held-out rows, docs/estimation.md "Serving calibration").
#pragma once

#include <algorithm>

namespace gpuselect::testing {

// trtllm-bench sizes its batch from the KV cache and caps it at 4,096 sequences (pipeline depth 1;
// "Cap total batch size to avoid decoder buffer size becoming too large", finetune_setting in
// tensorrt_llm/bench/build/tuning.py of NVIDIA/TensorRT-LLM, read 2026-12-04). Its tokens per step
// cap, min(batch x (1 + input/output), 32,768), admits the steady state's batch + batch x
// input/output tokens whenever the batch cap is not hit first, so only the batch cap is applied.
inline constexpr int trtllm_bench_max_batch = 4096;

inline int trtllm_bench_batch(int kv_batch) { return std::min(kv_batch, trtllm_bench_max_batch); }

}  // namespace gpuselect::testing
