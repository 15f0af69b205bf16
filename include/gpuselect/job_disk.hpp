#pragma once
// Bytes a job keeps on a node's disk (src/estimate/memory.cpp): what launch files size the disk from.
#include "gpuselect/workload.hpp"

namespace gpuselect::estimate {

// One saved checkpoint (training: weights and optimizer states of what is trained; serving: the weights).
[[nodiscard]] double checkpoint_bytes(const workload::Profile& profile);
// The training data: tokenised text (2 B per token) or ImageNet's JPEGs; --dataset-gb when given.
[[nodiscard]] double dataset_bytes(const workload::Profile& profile);

}  // namespace gpuselect::estimate
