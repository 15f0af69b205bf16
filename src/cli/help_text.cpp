#include "cli/help_text.hpp"

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "cli/option_values.hpp"

namespace gpuselect::cli {

namespace {

// clang-format off
constexpr HelpRow help_table[] = {
    {"", "--help", "打印此帮助信息并退出"},
    {"", "--version", "显示程序版本信息并退出"},
    {"", "--catalog", "在内置目录之上叠加一个目录文件（可重复）"},
    {"", "--no-builtin-catalog", "不加载内置目录"},
    {"", "--no-price-update", "不叠加 'gpuselect catalog update' 存储的价格"},
    {"", "--no-cache", "解析目录文件时不使用已解析目录缓存（也可设 GPUSELECT_NO_CACHE=1）"},
    {"", "--spot-price", "参与排名的各地域竞价实例价格：median（各可用区的中位数，默认）或 min（最便宜的可用区）"},
    {"", "--include-unlisted", "对云厂商最新价格更新中已不再列出的方案也进行排名（按其旧价格）"},
    {"", "--config", "配置文件（默认 $XDG_CONFIG_HOME/gpuselect/config.yaml）"},
    {"", "--verbose", "在 stderr 输出更多日志（重复可输出调试信息）"},
    {"", "--quiet", "stderr 只输出错误"},
    {"", "--color", "表格颜色：auto、always、never（遵循 NO_COLOR）"},
    {"", "--lang", "输出语言（表格、markdown、HTML、错误和帮助）：en 或 zh-CN（默认：配置的 lang，其次 LC_ALL、LC_MESSAGES、LANG）"},
    {"", "(command)", "gpuselect：为深度学习任务选择租用哪种 GPU 云方案、花费多少、耗时多久以及原因。"},
    {"recommend", "(command)", "为任务给方案排名：能否容纳、时间、成本、得分和理由"},
    {"estimate", "(command)", "任务在指定硬件上的显存、算力、时间、吞吐量和成本"},
    {"compare", "(command)", "并排比较任务的多个方案：每个评分项、指标和估算"},
    {"catalog", "(command)", "校验、浏览和导入方案目录"},
    {"config", "(command)", "显示生效的设置及每项的来源"},
    {"completion", "(command)", "打印 shell 补全脚本（bash、zsh、fish）"},
    {"catalog validate", "(command)", "检查目录文件：每个问题以 file:line:col 给出，有错误时退出码为 2"},
    {"catalog list", "(command)", "列出叠加后的方案"},
    {"catalog show", "(command)", "显示一个方案、GPU、云厂商或模型的全部已知信息"},
    {"catalog gpus", "(command)", "列出 GPU 型号及其规格"},
    {"catalog providers", "(command)", "列出云厂商及其软性属性"},
    {"catalog models", "(command)", "列出可用于 --model 的模型预设"},
    {"catalog import", "(command)", "从其他目录格式导入方案"},
    {"catalog update", "(command)", "下载 SkyPilot 发布的价格目录，导入并保存为带日期的叠加层"},
    {"catalog import skypilot", "(command)", "将 SkyPilot 的 vms.csv 转换为目录叠加层（YAML）"},
    {"config show", "(command)", "打印生效的设置及每项的来源"},
    {"", "--format", "输出格式（默认 table）"},
    {"", "--output", "写入 FILE（普通文件为原子写入；- 表示标准输出；见 docs/hardening.md）"},
    {"", "--top", "显示的排名行数，或 'all'（table、markdown、html：默认 10 或配置的 top；json、csv：默认全部）"},
    {"", "--pretty", "为便于阅读而缩进 JSON（默认紧凑的单行）"},
    {"", "--workload", "任务类型（其余参数取决于它）"},
    {"", "--params", "模型参数量：7e9、7B、350M、1.5T、70_000_000_000"},
    {"", "--model", "目录中的模型预设（见 gpuselect catalog models）"},
    {"", "--layers", "自定义结构：Transformer 层数"},
    {"", "--hidden", "自定义结构：隐藏层维度"},
    {"", "--heads", "自定义结构：注意力头数"},
    {"", "--kv-heads", "自定义结构：键/值头数（分组查询注意力）"},
    {"", "--ffn", "自定义结构：前馈层维度"},
    {"", "--active-params", "自定义 MoE：每个 token 激活的参数量（例如 13B）"},
    {"", "--experts", "自定义 MoE：每个 MoE 层的路由专家数"},
    {"", "--experts-per-token", "自定义 MoE：每个 token 选择的路由专家数（top-k）"},
    {"", "--vocab", "自定义结构：词表大小"},
    {"", "--method", "微调方法：full、lora、qlora（默认 full）；image-finetune 另有 dreambooth（带先验保持的全量微调）"},
    {"", "--lora-rank", "LoRA 秩（默认 16）"},
    {"", "--lora-targets", "LoRA 目标矩阵，逗号分隔（默认 q_proj,k_proj,v_proj,o_proj）"},
    {"", "--precision", "训练：bf16（默认）、fp16、fp32、fp8、fp4（NVFP4，需支持 FP4 的 GPU）；推理还可用 int8、int4（默认：模型发布时的格式，DeepSeek-V3/R1 为 fp8，其余为 bf16）"},
    {"", "--optimizer", "adamw（默认）、sgd、adam-8bit、adamw-bf16（纯 bf16 状态）"},
    {"", "--quant-bits", "QLoRA 基座权重位数：4（NF4，默认）、8、2"},
    {"", "--micro-batch", "每个 GPU 每个微步的序列数（默认：搜索）"},
    {"", "--seq-len", "训练序列长度（token）"},
    {"", "--recompute", "激活重计算：none、selective、full（默认：搜索）"},
    {"", "--attention", "注意力算子：flash（默认）、eager"},
    {"", "--data-loader", "cv-train 输入管线：cpu（PyTorch DataLoader 工作进程，默认）、gpu（NVIDIA DALI 解码）"},
    {"", "--framework", "训练框架：megatron（Megatron-Core/NeMo + Transformer Engine）、fsdp（PyTorch FSDP、torchtitan）、deepspeed、hf（Hugging Face Trainer/PEFT）；默认按工作负载"},
    {"", "--tokens", "训练 token 数（cv-train 和 image-finetune 为图像数）；默认按工作负载"},
    {"", "--checkpoint-minutes", "两次检查点之间的分钟数（竞价实例中断时损失的工作）"},
    {"", "--dataset-gb", "运行前预置到机器上的训练数据（默认每 token 2 B；cv-train 为 ImageNet-1k）"},
    {"", "--global-batch", "每个优化器步的训练 token 数（预训练默认 4M）"},
    {"", "--zero", "ZeRO 阶段：auto（默认）、0、1、2、3"},
    {"", "--offload", "卸载：none、optimizer、all（到 CPU）、nvme（默认：搜索，仅 CPU）"},
    {"", "--pipeline-parallel", "训练：流水线阶段数（默认：搜索）"},
    {"", "--context-parallel", "训练：切分一个序列的 GPU 数（默认：搜索）"},
    {"", "--expert-parallel", "训练混合专家模型：路由专家分布到的 GPU 数（默认：搜索）"},
    {"", "--mfu", "模型算力利用率（MFU）覆盖值，0-1"},
    {"", "--context", "推理：上下文长度（token）"},
    {"", "--batch", "推理：每副本的并发序列数（llm-inference：默认取能容纳且满足目标的最大值）；image-finetune：每 GPU 每步的图像数（即 --micro-batch）"},
    {"", "--hours", "推理和 notebook：计价的使用小时数"},
    {"", "--requests-per-s", "推理：需持续承载的每秒请求数"},
    {"", "--input-tokens", "推理：每个请求的提示 token 数"},
    {"", "--output-tokens", "推理：每个请求生成的 token 数"},
    {"", "--input-tokens-p90", "推理：请求分布中提示 token 数的第 90 百分位（此时 --input-tokens 为均值；TTFT 按此提示长度检查）"},
    {"", "--output-tokens-p90", "推理：请求分布中生成 token 数的第 90 百分位（此时 --output-tokens 为均值）"},
    {"", "--ttft-ms", "llm-inference：首 token 时延目标，p50 毫秒（默认 2000）"},
    {"", "--tpot-ms", "llm-inference：每输出 token 时延目标，p50 毫秒（默认 200）"},
    {"", "--resolution", "image-finetune、image-inference：图像边长（像素；默认模型的原生分辨率 1024）"},
    {"", "--steps", "image-inference：每张图的采样步数（默认按模型卡；FLUX.1-schnell 为 4）"},
    {"", "--images", "image-finetune：微调数据集的图像数（默认 100；--method dreambooth 时为 5）"},
    {"", "--cache-latents", "image-finetune：on（默认）在训练前一次性编码潜变量和文本嵌入（kohya --cache_latents、--cache_text_encoder_outputs）；off 让 VAE 和文本编码器常驻显存并在每步编码"},
    {"", "--train-steps", "image-finetune：以每步 --batch 张图像计的优化器步数（单 GPU 上 kohya/diffusers 的 max_train_steps）；代替 --images 和 --epochs"},
    {"", "--epochs", "image-finetune：遍历数据集的轮数（默认 20；--method dreambooth 时为 160）"},
    {"", "--latency-ms", "image-inference：每张图的时延目标，毫秒，按估计区间的慢端检查（默认：production 为 30000，development 无）"},
    {"", "--serving-tier", "推理：production（默认：数据中心 GPU，不用算力市场主机或竞价实例，N+1）或 development（对所有方案排名，无备用副本）"},
    {"", "--training-tier", "训练：production（默认：除非 --gpu/--provider 指定，否则不用消费级 GPU 或算力市场主机，也不用分片的共享 vGPU）或 development（对所有方案排名）"},
    {"", "--redundancy", "推理：负载之外的备用副本数（production 默认 1，development 默认 0）"},
    {"", "--max-utilization", "推理：每副本规划的最大负载占其容量的比例（默认 0.8）"},
    {"", "--tensor-parallel", "每副本 GPU 数 / 张量并行度（2 的幂）"},
    {"", "--egress-gb", "流出云的数据量 GB（检查点、数据集），按出网流量计价"},
    {"", "--request-mix", "llm-inference：请求长度的 CSV 直方图（行为 input_tokens,output_tokens,share）；用其均值和最长 10% 的长度代替 --input-tokens/--output-tokens 及其 -p90"},
    {"", "--profile", "权重配置档：balanced、cost-first、speed-first、production、research 等（默认：按工作负载）"},
    {"", "--weights", "覆盖权重，例如 cost=0.4,stability=0.3"},
    {"", "--currency", "输出货币（默认 USD；--region 全在中国大陆或 --provider 全按人民币计费时为 CNY）"},
    {"estimate", "--currency", "成本的输出货币（默认 USD）"},
    {"", "--allow-spot-serving", "允许推理服务运行在竞价实例上（默认：生产推理排除竞价实例；其他情况稳定性得 0 分）"},
    {"", "--reserved-other-use", "预留期内另有其他工作：只按任务自身的小时数计费，而非整个承诺金额"},
    {"", "--budget", "任务总成本上限（输出货币），按价格上限计；训练按 --confidence 下的小时数计"},
    {"", "--deadline", "最长实际耗时（小时）"},
    {"", "--region", "只用这些地域（逗号分隔）；cn 表示中国大陆"},
    {"", "--provider", "只用这些云厂商（逗号分隔的 ID）"},
    {"", "--exclude-provider", "不用这些云厂商（逗号分隔）"},
    {"", "--gpu", "只用这些 GPU 型号（ID 或别名，逗号分隔）"},
    {"", "--pricing", "on-demand（按需，控制台称按量付费）、spot（竞价实例）、reserved-1y、reserved-3y（预留实例）、monthly、yearly（包年包月）、capacity-block（容量块），逗号分隔，或 any；默认 on-demand,spot，对该任务比按量付费便宜时的 monthly/yearly，以及训练任务中更便宜时（或给出 --deadline 且按量付费超出开放容量、赶不上截止时间时）的 capacity-block"},
    {"", "--require", "必需的功能，逗号分隔：rdma、nvlink、bare-metal、iso27001、soc2、mlps3（等保三级，也可写作 等保三级）、jupyterlab 等"},
    {"", "--allow-consumer", "生产推理和训练：也对消费级（GeForce）GPU 排名，推理时也包括工作站 GPU（默认：排除）"},
    {"", "--allow-marketplace", "生产推理和训练：也对算力市场主机排名（默认：排除）"},
    {"", "--allow-shared-gpu", "生产推理和训练：也对共享（分时、分片）vGPU 排名（默认：排除）"},
    {"", "--allow-low-stock", "生产推理和 --risk-averse 训练：也对库存偏低的规格排名（默认：排除）"},
    {"", "--allow-no-sla", "生产推理：也对未公布可用性 SLA 的云厂商排名（默认：排除）"},
    {"", "--allow-stale-terms", "也对价格读取于一年以前的预留实例和包年包月期限排名（默认：排除，约束 --allow-stale-terms）"},
    {"", "--allow-immature-stack", "也对软件栈不支持该任务的方法、精度或算子的 GPU 排名，生产推理时也包括软件栈支持较弱的 GPU（默认：排除，约束 'software'）"},
    {"", "--gpus", "SkyPilot 的 NAME[:COUNT]：GPU 型号和每实例 GPU 数，例如 A100:8（只写名称即 1 块 GPU）"},
    {"", "--gpu-memory", "每 GPU 显存 GB，dstack 范围写法：24GB..（至少）、..80GB（至多）、24GB..80GB、80GB（恰好）"},
    {"", "--gpu-count", "每实例 GPU 数，dstack 范围写法：2..8、2..、..4、8"},
    {"", "--max-price", "每实例小时最多支付的价格（dstack 的 max_price），适用于所允许的任一计费方式"},
    {"", "--max-nodes", "单个任务最多使用的节点数（默认 4）"},
    {"", "--min-headroom", "保留的空闲显存百分比（默认 10：碎片、NCCL 缓冲区）"},
    {"", "--confidence", "满足 --deadline 所需的按时完成概率，0-1（默认 0.8）"},
    {"", "--sensitivity", "扰动权重并报告排名的稳定程度"},
    {"", "--sensitivity-samples", "--sensitivity 的抽样次数（默认 500）"},
    {"", "--pareto", "标出并显示成本-时间帕累托前沿"},
    {"", "--risk-averse", "按每个时间和成本区间的悲观端（第 90 百分位）排名；截止时间按 >= 0.9 的置信度；除非 --pricing 指定，否则不用竞价实例；推理：副本利用率不超过 60%，保留 20% 空闲显存"},
    {"", "--show-excluded", "列出被排除的方案及原因"},
    {"", "--mix", "带请求分布的 llm-inference（--input-tokens-p90/--output-tokens-p90）：同时找出最便宜的机群（每类请求一个池），以及它相比最佳单一方案机群节省的费用"},
    {"", "--emit", "为排名中的一行写出启动文件而非排名：skypilot（任务 YAML）或 dstack（任务配置）"},
    {"", "--pick", "--emit 要启动的排名行，从 1 开始（默认 1）"},
    {"estimate", "--gpu", "GPU 型号 ID 或别名（见 'gpuselect catalog gpus'）"},
    {"estimate", "--gpus", "与 --gpu 一起时为每节点 GPU 数（默认 1），或用 SkyPilot 的 NAME:COUNT 同时给出两者，例如 A100:8"},
    {"estimate", "--nodes", "节点数（默认：能容纳的最少节点数，最多 --max-nodes）"},
    {"estimate", "--max-nodes", "未给出 --nodes 时最多尝试的节点数（默认 4）"},
    {"estimate", "--offering", "方案 ID（确定 GPU、数量、网络和价格）"},
    {"compare", "ids", "要比较的方案 ID（两个或更多）"},
    {"catalog list", "--gpu", "只列这些 GPU ID 或别名（逗号分隔）"},
    {"catalog list", "--provider", "只列这些云厂商（逗号分隔）"},
    {"catalog list", "--region", "只列这些地域（逗号分隔；cn 表示中国大陆）；每个地域一行"},
    {"catalog list", "--pricing", "on-demand（按需，控制台称按量付费）、spot（竞价实例）、reserved-1y、reserved-3y（预留实例）、monthly、yearly（包年包月）、capacity-block（容量块），逗号分隔，或 any；默认 on-demand,spot"},
    {"catalog list", "--sort", "price（每实例小时）、gpu-price（每 GPU 小时，默认）、memory（最多优先）、gpu、provider"},
    {"catalog list", "--group-by", "按 gpu、provider 和/或 region（逗号分隔）每组一行汇总，同 dstack offer --group-by"},
    {"catalog list", "--currency", "以此货币显示所有价格（ISO 代码或别名，如 RMB），按目录中的美元汇率折算，同 recommend（默认：配置中的货币，否则各云厂商自己的货币）"},
    {"catalog show", "id", "方案、GPU、云厂商或模型的 ID"},
    {"catalog validate", "files", "在内置目录之外要检查的文件"},
    {"catalog validate", "--strict", "将警告视为错误（退出码 2）"},
    {"catalog validate", "--include-builtin", "给出文件时，也报告内置目录自身的问题"},
    {"catalog validate", "--stale-days", "as_of 早于这么多天时发出警告（默认 180）"},
    {"catalog validate", "--max-per-kind", "同一类问题（相同提示）列出这么多条，其余只计数（默认 10；0 = 全部）"},
    {"catalog update", "--cloud", "要获取的云，逗号分隔（默认 aws,gcp,azure,lambda,runpod,vast,nebius,fluidstack）"},
    {"catalog update", "--from", "从 DIR/<cloud>/vms.csv 导入本地副本，而不是下载"},
    {"catalog update", "--url", "目录文件夹的基础 URL（默认 https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs）"},
    {"", "--as-of", "读取价格的日期，YYYY-MM-DD（默认今天）"},
    {"", "--strict", "无法读取的行视为错误（默认：跳过）"},
    {"catalog update", "--price-basis", "价格按实例还是按 GPU：detect、instance、gpu，或按云指定（mithril=instance,runpod=gpu）"},
    {"catalog import skypilot", "--price-basis", "价格按实例还是按 GPU：detect（默认）、instance、gpu，或按云指定（mithril=instance,runpod=gpu）"},
    {"catalog update", "--retries", "每个文件遇到网络故障时的尝试次数（默认 3）"},
    {"catalog update", "--timeout", "每个文件允许的秒数（默认 300）"},
    {"catalog update", "--rollback", "将上一次有效的更新重新设为当前（保留最近 3 次）"},
    {"catalog update", "--accept-changes", "存储超出与已存价格相比的合理范围的价格"},
    {"catalog import skypilot", "file", "SkyPilot 的 vms.csv 文件"},
    {"catalog import skypilot", "--provider", "云厂商 ID（默认：文件所在文件夹的名称）"},
    {"catalog import skypilot", "--output", "将 YAML 原子地写入 FILE"},
    {"completion", "shell", "bash、zsh 或 fish"},
};
// clang-format on

// The section titles: option groups as the commands name them, and CLI11's own labels.
constexpr std::array<std::pair<std::string_view, std::string_view>, 19> zh_labels = {{
    {"Options", "选项"},
    {"Global", "全局选项"},
    {"Workload", "工作负载"},
    {"Scoring", "评分"},
    {"Constraints", "约束"},
    {"Analysis", "分析"},
    {"Launch", "启动"},
    {"Hardware", "硬件"},
    {"Offerings", "方案"},
    {"Filters", "筛选"},
    {"Board", "排序与汇总"},
    {"Subcommands", "子命令"},
    {"Positionals", "位置参数"},
    {"Usage", "用法"},
    {"OPTIONS", "选项"},
    {"SUBCOMMAND", "子命令"},
    {"SUBCOMMANDS", "子命令"},
    {"REQUIRED", "必需"},
    {"Needs", "需要"},
}};

// Footer lead words ("Example: gpuselect ..."): the command lines after them stay as written.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> zh_footer_leads = {{
    {"Example: ", "示例："},
    {"Examples: ", "示例："},
    {"Launch the pick: ", "启动选中的方案："},
    {"Exit codes: 0 ranked, 2 bad input, 3 nothing satisfies the job and constraints, 1 I/O failure.",
     "退出码：0 已排名，2 输入有误，3 没有方案满足任务和约束，1 I/O 失败。"},
}};

std::string_view zh_label(std::string_view english) {
  for (const auto& [from, to] : zh_labels) {
    if (from == english) return to;
  }
  return english;
}

// The name a help row uses for `option`: its first long name ("--budget"), else its positional name.
std::string option_key(const CLI::Option& option) {
  if (option.get_positional()) return option.get_name();
  const auto& long_names = option.get_lnames();
  return long_names.empty() ? option.get_name() : "--" + long_names.front();
}

std::string footer_in_chinese(const std::string& footer) {
  std::string out;
  std::size_t at = 0;
  while (at <= footer.size()) {
    const std::size_t end = std::min(footer.find('\n', at), footer.size());
    std::string line = footer.substr(at, end - at);
    for (const auto& [from, to] : zh_footer_leads) {
      if (line.starts_with(from)) {
        line = std::string(to) + line.substr(from.size());
        break;
      }
    }
    out += line;
    if (end == footer.size()) break;
    out += '\n';
    at = end + 1;
  }
  return out;
}

void say_tree_in_chinese(CLI::App& command) {
  const std::string path = command_path(command);
  if (const auto summary = help_summary(path, "(command)"); !summary.empty()) command.description(std::string(summary));
  for (CLI::Option* option : command.get_options()) {
    if (const auto summary = help_summary(path, option_key(*option)); !summary.empty()) {
      // describe_options's limits (" [1 to 1e6]") stay, said in Chinese.
      const std::string& english = option->get_description();
      std::string limits;
      if (const auto open = english.rfind(" ["); open != std::string::npos && english.ends_with(']')) {
        limits = english.substr(open);
        const auto to = limits.find(" to ");
        if (to == std::string::npos) limits.clear();  // brackets of the summary itself, not limits
        if (to != std::string::npos) limits.replace(to, 4, " 至 ");
      }
      option->description(std::string(summary) + limits);
    }
    option->group(std::string(zh_label(option->get_group())));
  }
  if (!command.get_footer().empty()) command.footer(footer_in_chinese(command.get_footer()));
  for (CLI::App* sub : command.get_subcommands({})) {
    sub->group(std::string(zh_label(sub->get_group())));
    say_tree_in_chinese(*sub);
  }
}

}  // namespace

std::span<const HelpRow> help_rows() { return help_table; }

std::string_view help_summary(std::string_view path, std::string_view name) {
  // A command's own summary is its row alone ("" is the top-level command's).
  const bool own_only = name == "(command)";
  std::string_view general;
  for (const auto& row : help_table) {
    if (row.name != name) continue;
    if (row.command == path) return row.zh_cn;
    if (!own_only && row.command.empty() && general.empty()) general = row.zh_cn;
  }
  return general;
}

void say_help_in(CLI::App& app, text::Lang lang) {
  if (lang == text::Lang::en) return;
  for (const auto& [english, chinese] : zh_labels) app.get_formatter()->label(std::string(english), std::string(chinese));
  say_tree_in_chinese(app);
}

void set_help_footer(CLI::App& command, const std::string& footer) { command.footer(footer); }

}  // namespace gpuselect::cli
