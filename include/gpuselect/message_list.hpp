#pragma once
// The rows of the message catalogue (gpuselect/messages.hpp): X(id, English, Simplified Chinese).
// The id is stable: renaming one is a change for translators, not a refactoring. Terms follow the
// domestic clouds' own pages: 按需 (on-demand), 包年包月 (monthly/yearly), 竞价实例 (spot), 预留实例
// (reserved); the criteria 稳定性 性能 成本 易用性 服务支持. Flags, ids, numbers and units stay as
// written. Every language's text takes the same parameters.
// clang-format off
#define GPUSELECT_MESSAGES(X) \
  /* criteria (scoring::Criterion order) */ \
  X(criterion_stability, "stability", "稳定性") \
  X(criterion_performance, "performance", "性能") \
  X(criterion_cost, "cost", "成本") \
  X(criterion_usability, "usability", "易用性") \
  X(criterion_support, "support", "服务支持") \
  /* pricing modes as people read them (catalog::PricingMode order), and an owned cluster's */ \
  X(mode_on_demand, "on-demand", "按需") \
  X(mode_spot, "spot", "竞价实例") \
  X(mode_reserved_1y, "reserved-1y", "预留实例1年") \
  X(mode_reserved_3y, "reserved-3y", "预留实例3年") \
  X(mode_monthly, "monthly", "包月") \
  X(mode_yearly, "yearly", "包年") \
  X(mode_owned, "owned", "自有") \
  X(mode_all, "all modes", "所有计费方式") \
  /* the job summary's labels (header of table, markdown, html) */ \
  X(fact_job, "Job", "任务") \
  X(fact_tokens, "Tokens", "数据量") \
  X(fact_serving, "Serving", "推理服务") \
  X(fact_session, "Session", "会话") \
  X(fact_plan, "Plan", "并行方案") \
  X(fact_headroom, "Headroom", "显存余量") \
  X(fact_time, "Time", "时间") \
  X(fact_deadline, "Deadline", "截止时间") \
  X(fact_risk, "Risk", "风险") \
  X(fact_weights, "Weights", "权重") \
  X(fact_currency, "Currency", "货币") \
  X(fact_prices, "Prices", "价格") \
  X(fact_discount, "Discount", "折扣") \
  /* the job summary's values */ \
  X(summary_model_params, "{0}: {1} ({2} params)", "{0}：{1}（{2} 参数）") \
  X(summary_model_assumed, " ASSUMED: no --model or --params given (e.g. --model llama-3-8b, --params 70B)", "（假定：未给出 --model 或 --params，例如 --model llama-3-8b、--params 70B）") \
  X(summary_seq, "seq {} x ", "序列长度 {} × ") \
  X(summary_micro_batch_searched, "micro-batch searched per plan", "微批大小按方案搜索") \
  X(summary_micro_batch, "micro-batch {}", "微批大小 {}") \
  X(summary_tokens, "{} tokens", "{} 个 token") \
  X(summary_images, "{} images", "{} 张图像") \
  X(summary_default_for, " (default for {})", "（{} 的默认值）") \
  X(summary_batch_auto, "auto", "自动") \
  X(summary_p90, "{0} (p90 {1})", "{0}（p90 {1}）") \
  X(summary_llm_serving, "context {0}, batch {1}, {2} req/s ({3} in / {4} out tokens{5}), targets TTFT {6} ms{7}, TPOT {8} ms", "上下文 {0}，批大小 {1}，{2} req/s（输入 {3} / 输出 {4} token{5}），目标 TTFT {6} ms{7}，TPOT {8} ms") \
  X(summary_mix_mean, ", mean", "，均值") \
  X(summary_mix_p90_prompt, " at the p90 prompt", "（p90 提示长度）") \
  X(summary_images_per_s, "{} images/s", "{} 张图像/s") \
  X(summary_tier, ", {0} tier, replicas at most {1}% busy, N+{2}", "，{0} 服务等级，副本繁忙度不超过 {1}%，N+{2}") \
  X(summary_notebook, "interactive, priced for {}; spot only when --pricing names it (a reclaim ends the session)", "交互式，按 {} 计价；仅当 --pricing 指定时才用竞价实例（回收会结束会话）") \
  X(summary_priced_for, "priced for {}", "按 {} 计价") \
  X(summary_weights_label, "weights", "权重") \
  X(summary_currency_usd, "{} (other currencies converted at the catalog's per-USD rates)", "{}（其他货币按目录中的美元汇率换算）") \
  X(summary_currency_rate, "{0} (1 USD = {1} {0}", "{0}（1 USD = {1} {0}") \
  X(summary_rate_as_of, ", rate as of {}", "，汇率日期 {}") \
  X(summary_close, ")", "）") \
  X(summary_list_separator, ", ", "，") \
  X(fact_plan_varies, "{} for #1; each offering gets the fastest plan that fits it", "#1 为 {}；每个方案各取其能容纳的最快并行方案") \
  X(fact_headroom_value, "{:g}% of GPU memory kept free (fragmentation, NCCL buffers, transient peaks; --min-headroom)", "保留 {:g}% 的显存（碎片、NCCL 缓冲区、瞬时峰值；--min-headroom）") \
  X(fact_time_value, "to result = machine setup and data staging (billed) + run + expected spot interruptions + queue + wait for capacity", "出结果时间 = 机器准备和数据预置（计费）+ 运行 + 预期的竞价实例中断 + 排队 + 等待资源") \
  X(fact_deadline_value, "{0} met at {1:g}% confidence (--confidence): the chance of ending within it, from the time band, spot interruptions and the wait for capacity", "{0}，置信度 {1:g}%（--confidence）：按时间区间、竞价实例中断和等待资源估算的按时完成概率") \
  X(fact_risk_value, "ranked on the pessimistic end (90th percentile) of each time and cost band (--risk-averse); costs shown are that end, times the expected (10th-90th)", "按每个时间和成本区间的悲观端（第 90 百分位）排名（--risk-averse）；显示的成本为该端，时间为期望值（第 10–90 百分位）") \
  X(fact_prices_value, "built-in catalog + prices updated {0} ({1})", "内置目录 + {0} 更新的价格（{1}）") \
  X(fact_discount_every, "{:g}% off every price", "所有价格减 {:g}%") \
  X(fact_discount_modes, "{} off", "减 {}") \
  X(fact_discount_mode, "{0:g}% {1}", "{1} {0:g}%") \
  X(fact_discount_tail, "{} (discount_pct; prices shown are after it)", "{}（discount_pct；显示的价格已扣除折扣）") \
  X(plan_pipeline_per_node, " x PP {} (one stage per node)", " × PP {}（每节点一个阶段）") \
  X(plan_batch_per_replica, ", batch {} per replica", "，每副本批大小 {}") \
  X(plan_gpus_nodes, ", {0} GPU{1} x {2} node{3}", "，{0} GPU × {2} 节点") \
  X(plan_offload, ", {} offload", "，{} 卸载") \
  X(plan_micro_batch, ", micro-batch {}", "，微批 {}") \
  /* the HTML report */ \
  X(html_lang, "en", "zh-CN") \
  X(html_fact_plan_first, "Plan (#1)", "并行方案（#1）") \
  X(html_fact_constraints, "Constraints", "约束") \
  X(html_fact_date, "Date", "日期") \
  X(html_fact_catalog, "Catalog", "目录") \
  X(html_fact_command, "Command", "命令") \
  X(html_fact_candidates, "Candidates", "候选") \
  X(html_candidates_value, "{0} ranked, {1} shown, {2} excluded", "已排名 {0} 个，显示 {1} 个，已排除 {2} 个") \
  X(html_section_ranking, "Ranking", "排名") \
  X(html_section_criteria, "Criteria", "各项得分") \
  X(html_section_chart, "Cost against time", "成本与时间") \
  X(html_chart_note, "Every candidate; red diamonds joined by a line are the Pareto frontier (no other candidate is both cheaper and faster).", "所有候选；以线相连的红色菱形为帕累托前沿（没有其他候选同时更便宜且更快）。") \
  X(html_chart_title, "Job cost against wall time; the Pareto frontier in red", "任务成本与实际耗时；红色为帕累托前沿") \
  X(html_chart_wall_time, "Wall time", "实际耗时") \
  X(html_chart_job_cost, "Job cost, {}", "任务成本，{}") \
  X(html_chart_log_scale, " (log scale)", "（对数刻度）") \
  X(html_chart_on_frontier, ", on the Pareto frontier", "，位于帕累托前沿") \
  X(html_candidate_nodes, ", {} nodes", "，{} 节点") \
  X(html_sensitivity, "#1 stays first in {0:.0f}% of {1} samples (seed {2}): {3}.", "在 {1} 次抽样中 #1 有 {0:.0f}% 保持第一（种子 {2}）：{3}。") \
  X(html_not_robust, "not robust, the order depends on the weights", "不稳健，排名取决于权重") \
  X(html_legend_pareto, "<b>bold #</b> on the cost-time Pareto frontier", "<b>粗体 #</b> 位于成本-时间帕累托前沿") \
  X(html_legend_extrapolated, "* time outside the calibrated range (extrapolated)", "* 时间超出校准范围（外推）") \
  X(html_legend_estimated, "{} cost rests on an estimated price or spot rate", "{} 成本依据估算的价格或竞价实例中断率") \
  X(col_contributions, "Contributions", "各项贡献") \
  X(col_code, "Code", "代码") \
  X(col_rows, "Rows", "行") \
  X(col_what_it_means, "What it means", "含义") \
  X(constraint_budget, "budget {}", "预算 {}") \
  X(constraint_deadline, "deadline {}", "截止时间 {}") \
  X(constraint_providers, "providers {}", "云厂商 {}") \
  X(constraint_not_providers, "not providers {}", "排除云厂商 {}") \
  X(constraint_regions, "regions {}", "地域 {}") \
  X(constraint_gpus, "GPUs {}", "GPU {}") \
  X(constraint_requires, "requires {}", "要求 {}") \
  X(constraint_pricing, "pricing {}", "计费方式 {}") \
  X(constraint_pricing_any, "any", "任意") \
  X(constraint_max_nodes, "max nodes {}", "最多 {} 节点") \
  X(constraint_headroom, "GPU memory kept free {:g}%", "保留显存 {:g}%") \
  X(constraint_gpu_memory, "GPU memory {}", "显存 {}") \
  X(constraint_gpu_count, "GPUs per instance {}", "每实例 GPU 数 {}") \
  X(constraint_max_price, "max price {} per instance-hour", "每实例小时最高价格 {}") \
  X(prices_as_of, "as of {}", "截至 {}") \
  X(prices_as_of_range, "as of {0} to {1}", "{0} 至 {1}") \
  /* explanations (scoring::explanation, sentence): the figures behind a criterion */ \
  X(iso_bare_metal, "bare metal", "裸金属") \
  X(iso_passthrough, "passthrough VM", "直通虚拟机") \
  X(iso_vgpu, "shared vGPU", "共享 vGPU") \
  X(sla_none, "no SLA", "无 SLA") \
  X(sla_with_credits, "{}% SLA with credits", "{}% SLA（违约有赔付）") \
  X(sla_without_credits, "{}% SLA without credits", "{}% SLA（违约无赔付）") \
  X(fact_spot_serving, "serving on spot: no availability (--allow-spot-serving to accept)", "在竞价实例上提供服务：无可用性保证（--allow-spot-serving 可接受）") \
  X(fact_spot, "spot, {0} interrupted, {1} chance of no interruption", "竞价实例，{0} 会被中断，{1} 的概率不被中断") \
  X(fact_auto_checkpoint, "automatic checkpoints", "自动检查点") \
  X(fact_memory_free, "{}% GPU memory free", "显存空闲 {}%") \
  X(fact_gpu_segment, "{} GPU", "{} 级 GPU") \
  X(fact_gpus_in_service, "{0} GPUs in service: {1}% chance of a month without a GPU failure", "{0} 块 GPU 在线服务：{1}% 的概率一个月内无 GPU 故障") \
  X(fact_within_turnaround, "{0}, within the {1} turnaround (faster earns nothing more)", "{0}，在 {1} 的周转时间内（更快不再加分）") \
  X(fact_past_turnaround, "{0}, but {1} with the wait for capacity at 9 in 10 odds, past the {2} turnaround", "{0}，但按九成把握计入等待资源后为 {1}，超出 {2} 的周转时间") \
  X(fact_vs_fastest, "{0} vs fastest {1}", "{0}，最快 {1}") \
  X(fact_meets_latency, "meets the latency targets: TPOT {0} ms, TTFT {1} ms at batch {2}", "满足延迟目标：批大小 {2} 时 TPOT {0} ms，TTFT {1} ms") \
  X(fact_carries_load, "carries the load: {0} images/s per replica, {1}% busy", "可承载负载：每副本 {0} 张图像/s，繁忙度 {1}%") \
  X(fact_decode_vs_best, "{0} decode tokens/s per replica vs best {1}", "每副本解码 {0} token/s，最佳 {1}") \
  X(fact_tflops_vs_best, "{0} dense 16-bit TFLOPS vs best {1}", "稠密 16 位算力 {0} TFLOPS，最佳 {1}") \
  X(fact_nodes_over, "{0} nodes over {1}", "{0} 节点，经 {1} 互联") \
  X(fact_vs_cheapest, "{0} vs cheapest {1}", "{0}，最便宜 {1}") \
  X(fact_vs_cheapest_paid, "{0} vs cheapest paid {1}", "{0}，最便宜的付费方案 {1}") \
  X(fact_scored_upper, "scored at the price's upper end {0} vs {1}{2}", "按价格上限 {0} 评分，对比 {1}{2}") \
  X(fact_suspect_quote, " (a suspect spot quote)", "（可疑的竞价报价）") \
  X(fact_quote_age_band, " (the quote's age band)", "（按报价时效的区间）") \
  X(fact_whole_commitment, "the whole {} commitment", "计入整个{}承诺金额") \
  X(fact_incl_interruptions, "incl. {} expected interruptions", "含预期中断损失 {}") \
  X(fact_incl_hidden, "incl. {} egress, IP and storage", "含出网流量、公网 IP 和存储 {}") \
  X(fact_ready_in, "ready in {} min", "{} 分钟就绪") \
  X(fact_custom_containers, "custom containers", "自定义容器") \
  X(fact_framework_images, "{} framework images", "{} 个框架镜像") \
  X(fact_support_tier, "{} support", "{} 级支持") \
  X(fact_support_business, "business", "工作时间") \
  X(fact_support_extended, "extended", "延长时间") \
  X(fact_support_24x7, "24x7", "7×24 小时") \
  X(fact_first_answer, "first answer in {} h", "首次响应 {} h") \
  X(fact_input_bound, "{0} vCPUs decode ~{1:.0f} img/s of the ~{2:.0f}", "{0} 个 vCPU 每秒解码约 {1:.0f} 张图像，GPU 可处理约 {2:.0f} 张") \
  X(fact_rival, "#{0} {1} {2}: {3} in {4}", "#{0} {1} {2}：{3}，用时 {4}") \
  X(fact_own, "{0} in {1}", "{0}，用时 {1}") \
  /* explanations: the sentences */ \
  X(kind_strongest, "strongest", "最强项") \
  X(kind_weakest, "weakest", "最弱项") \
  X(sentence_criterion, "{0}: {1} {2}/100: {3}", "{0}：{1} {2}/100：{3}") \
  X(sentence_first_by, "first by {0} points over {1}", "领先 {1} {0} 分") \
  X(sentence_would_win, "would rank first with {0} weight {1}", "{0} 权重 {1} 时将排名第一") \
  X(sentence_cannot_win, "no change of a single weight puts it first", "调整任何单一权重都无法使其排名第一") \
  X(sentence_gain, "{0} +{1} points ({2} vs {3})", "{0} +{1} 分（{2}；对方 {3}）") \
  X(sentence_wins_over, "ranks above cheaper-or-faster {0} (this: {1}) on {2}", "排在更便宜或更快的 {0} 之上（本方案：{1}），胜在 {2}") \
  X(sentence_rounding, "rounding", "四舍五入") \
  X(sentence_spot_cheaper, "would be the cheapest ({}) if spot were allowed", "若允许竞价实例，将是最便宜的（{}）") \
  X(sentence_input_bound, "input pipeline bound: {} the GPUs could take", "受输入管线限制：{}") \
  /* exclusion reasons (scoring::reason_text) */ \
  X(reason_memory, "needs {0} per GPU, has {1}", "每 GPU 需要 {0}，只有 {1}") \
  X(reason_detail, " ({})", "（{}）") \
  X(reason_budget, "costs {0}{1}, budget {2}", "成本 {0}{1}，预算 {2}") \
  X(reason_deadline, "takes {0}{1}, deadline {2}", "耗时 {0}{1}，截止时间 {2}") \
  X(reason_pricing, "{}, not allowed by --pricing", "{}，--pricing 不允许") \
  X(reason_requirement, "does not meet --require {}", "不满足 --require {}") \
  X(reason_nodes_detail, "needs {0} nodes to fit, {1}", "需要 {0} 个节点才能容纳，{1}") \
  X(reason_nodes, "needs {0} nodes to fit, --max-nodes {1}", "需要 {0} 个节点才能容纳，--max-nodes {1}") \
  X(reason_headroom, "leaves {0}% of GPU memory free, --min-headroom {1}%", "显存只剩 {0}% 空闲，--min-headroom {1}%") \
  X(reason_not_sold, "no price in any pricing mode", "任何计费方式都没有价格") \
  X(reason_host_ram, "needs {0} of host RAM per node for CPU offload, has {1} usable (after the reserve for the OS, data loaders and pinned buffers)", "CPU 卸载每节点需要 {0} 主机内存，可用 {1}（已扣除操作系统、数据加载器和锁页缓冲区的预留）") \
  /* warnings (scoring::warning_text) */ \
  X(w_spot_rate, "{0}% of instances a month{1}", "每月 {0}% 的实例{1}") \
  X(w_spot_rate_assumed, " (not published: assumed, estimated)", "（未公布：假定值，估算）") \
  X(w_notice_none, "no published reclaim notice", "未公布回收前的通知时间") \
  X(w_notice_minutes, "{:g} min notice", "提前 {:g} 分钟通知") \
  X(w_notice_seconds, "{:g} s notice", "提前 {:g} 秒通知") \
  X(w_spot_reclaim, "Spot capacity can be reclaimed ({0} on {1}); {2} are interrupted. ", "竞价实例可能被回收（{1}：{0}）；{2}会被中断。") \
  X(w_spot_training, "On {0}: {1} chance of no interruption, {2} expected interruptions, adding {3} of lost work and re-provisioning ({4} per restart) and {5} to the cost", "{0}：{1} 的概率不被中断，预期中断 {2} 次，增加 {3} 的损失工作和重新开通时间（每次重启 {4}），成本增加 {5}") \
  X(w_one_instance, "1 instance", "1 个实例") \
  X(w_instances_together, "{} instances that restart together", "{} 个一起重启的实例") \
  X(w_spot_deadline, "; {0} chance of ending within the {1} deadline", "；{0} 的概率在 {1} 截止时间内完成") \
  X(w_sentence_end, ".", "。") \
  X(w_spot_replacements, "Expected {0} replacement starts over {1} instance{2} ({3} down in all).", "预期 {1} 个实例共重新启动 {0} 次（共停机 {3}）。") \
  X(w_spot_serving, "Production serving on spot: {0} can reclaim an instance with {1}, and {2} are interrupted, so the service has no availability promise; stability scores 0. Pass --allow-spot-serving if the service tolerates it.", "在竞价实例上提供生产服务：{0} 可回收实例（{1}），{2}会被中断，服务没有可用性保证；稳定性得 0 分。若服务能容忍，请加 --allow-spot-serving。") \
  X(w_vgpu, "A shared vGPU ({}% of one card): other tenants on the same card can add 30-40% jitter to step times.", "共享 vGPU（一张卡的 {}%）：同一张卡上的其他租户会使步时抖动 30-40%。") \
  X(w_egress, "{0} charges {1} {2} per GB leaving its cloud: the data moved out costs {3}, {4} of this row.", "{0} 对流出其云的数据每 GB 收取 {1} {2}：迁出数据花费 {3}，占本方案成本的 {4}。") \
  X(w_public_ip, "Public IPv4 addresses at {0} {1} per hour each cost {2}, {3} of this row.", "公网 IPv4 地址每个每小时 {0} {1}，共 {2}，占本方案成本的 {3}。") \
  X(w_limited_stock, "Stock of {0} is reported low{1}: capacity may not be there when you launch.", "{0} 的库存偏低{1}：开通时可能没有资源。") \
  X(w_estimated, " (estimated)", "（估算）") \
  X(w_cluster_capacity, "{0} GPUs {1} at once: {2}x what a {3}-stock SKU usually has free (about {4}, judgement); the {5} wait assumes they are there: ask {6} for a reserved block first.", "一次{1}申请 {0} 块 GPU：是 {3} 库存规格通常空闲量（约 {4}，经验判断）的 {2} 倍；{5} 的等待时间假定资源存在：请先向 {6} 申请预留资源。") \
  X(w_on_spot, "on spot", "以竞价实例") \
  X(w_on_demand, "on demand", "按需") \
  X(w_sla_without_credits, "{0} promises {1}% uptime but pays no service credits when it misses.", "{0} 承诺 {1}% 的可用性，但未达标时不提供服务赔付。") \
  X(w_resize_restart, "{} resizes instances by stopping and restarting them: \"elastic\" scaling interrupts what runs on it.", "{} 通过停止并重启实例来调整规格：所谓“弹性”伸缩会中断正在运行的任务。") \
  X(w_stale_price, "The price was read on {0}, more than {1} days ago; check the provider's page.", "价格读取于 {0}，已超过 {1} 天；请查看云厂商的价格页面。") \
  X(w_pcie_training, "{0} GPUs per node talk over {1}: gradient all-reduce is several times slower than over NVLink, and the estimate assumes a lower MFU for it.", "每节点 {0} 块 GPU 经 {1} 通信：梯度 all-reduce 比 NVLink 慢数倍，估算已为此假定较低的 MFU。") \
  X(w_no_rdma, "{0} nodes without RDMA ({1} Gbit/s Ethernet): multi-node training loses a large share of its speed to communication.", "{0} 个节点无 RDMA（{1} Gbit/s 以太网）：多节点训练的大部分速度会损失在通信上。") \
  X(w_over_provisioned, "{0} of the {1} GPUs rented would sit idle ({2} of {3} needed for the load): {4} of this row's cost ({5}) pays for idle GPUs; a smaller instance of the same GPU wastes less.", "租用的 {1} 块 GPU 中有 {0} 块闲置（负载只需 {2}/{3}）：本方案成本中的 {4}（{5}）花在闲置 GPU 上；同型号 GPU 的更小实例浪费更少。") \
  X(w_cpu_offload, "The plan offloads {0} to CPU memory ({1} per node): steps are much slower than on GPUs that hold everything.", "该方案将 {0} 卸载到 CPU 内存（每节点 {1}）：步时比全部放在 GPU 上慢得多。") \
  X(w_marketplace, "{} is a marketplace: hosts belong to third parties whose reliability, security and network vary.", "{} 是算力市场：主机属于第三方，可靠性、安全性和网络参差不齐。") \
  X(w_consumer_serving, "{0} is a consumer GeForce card: NVIDIA's GeForce driver licence excludes data-center deployment (section 2.1.3) and NVIDIA does not design these cards for 24x7 service; check {1}'s terms before a production service depends on it.", "{0} 是消费级 GeForce 显卡：NVIDIA GeForce 驱动许可不允许数据中心部署（第 2.1.3 节），且这类显卡并非为 7×24 小时服务设计；生产服务依赖它之前请查看 {1} 的条款。") \
  X(w_deadline_in_band, "{0} chance of ending within the {1} deadline: the deadline lies inside this row's own time band ({2}-{3} to result, 10th-90th percentile, with the wait for capacity), so its slack is no margin.", "{0} 的概率在 {1} 截止时间内完成：截止时间落在本方案自身的时间区间内（出结果 {2}-{3}，第 10–90 百分位，含等待资源），看似有余量其实并不可靠。") \
  X(w_spot_quote_old, "Spot quote of {0}, a market price fresh for about 14 days: check today's price first; ranked at up to {1} (estimated).", "竞价报价日期为 {0}，市场价格约 14 天内有效：请先查看当天价格；按最高 {1} 排名（估算）。") \
  X(w_spot_quote_suspect, "The spot quote is suspect: {0}; the row is marked estimated and ranked at up to {1} (its cost band's upper end){2}.", "竞价报价可疑：{0}；本方案标记为估算，并按最高 {1}（成本区间上限）排名{2}。") \
  X(w_spot_quote_deep, "below 10% of on-demand, deeper than any provider's advertised spot discount (90-91%)", "低于按需价格的 10%，比任何云厂商公布的竞价折扣（90-91%）都低") \
  X(w_spot_quote_lull, "below 25% of on-demand on a low-stock SKU: a lull in one zone, not a price a job gets for its hours", "低库存规格上低于按需价格的 25%：只是某个可用区的短暂低价，任务整个运行期间拿不到") \
  X(w_spot_quote_age, "; the quote is {} days old", "；报价已有 {} 天") \
  X(w_queued, "The job waits {0} in {1}'s queue before it starts (availability.queue_hours); its time to result and the deadline check include the wait, its cost does not.", "任务开始前需在 {1} 的队列中等待 {0}（availability.queue_hours）；出结果时间和截止时间检查包含此等待，成本不包含。") \
  X(w_software, "{0}; {1}.", "{0}；{1}。") \
  X(w_software_unsupported, "ranked only because --allow-immature-stack was given: expect to port or patch kernels", "仅因给出 --allow-immature-stack 才参与排名：需要移植或修补算子") \
  X(w_software_weak, "expect slower kernels or a preview port; test the stack before renting at scale", "算子可能较慢或仅有预览版移植；大规模租用前请先测试软件栈") \
  X(w_input_bound, "Input pipeline bound: {0} vCPUs decode ~{1:.0f} img/s but the GPUs could take ~{2:.0f} img/s, so they wait {3} of the time; {4}.", "受输入管线限制：{0} 个 vCPU 每秒解码约 {1:.0f} 张图像，而 GPU 可处理约 {2:.0f} 张，GPU 有 {3} 的时间在等待；{4}。") \
  X(w_input_gpu_loader, "--data-loader gpu (NVIDIA DALI) decodes on the GPUs, or pick a machine with more vCPUs per GPU", "可用 --data-loader gpu（NVIDIA DALI）在 GPU 上解码，或选择每 GPU vCPU 更多的机器") \
  X(w_input_more_vcpus, "pick a machine with more vCPUs per GPU", "请选择每 GPU vCPU 更多的机器") \
  X(w_reserved, "A {0} term commits {1} ({2} h x {3}/h for {4} instance{5}); this job uses {6} of it{7}.", "{0} 期限承诺 {1}（{2} h × {3}/h，{4} 个实例）；本任务使用其中的 {6}{7}。") \
  X(w_reserved_charged, ", and the whole commitment is its cost (--reserved-other-use if the term has other work)", "，整个承诺金额计为其成本（若期限内有其他工作，请加 --reserved-other-use）") \
  X(w_reserved_hours_only, "; only the job's hours are charged (--reserved-other-use)", "；只计任务使用的小时（--reserved-other-use）") \
  /* the ranked table and its sections */ \
  X(col_offering, "offering", "方案") \
  X(col_gpus, "GPUs", "GPU") \
  X(col_mode, "mode", "计费方式") \
  X(col_region, "region", "地域") \
  X(col_memory_per_gpu, "mem/GPU", "显存/GPU") \
  X(col_time, "time", "时间") \
  X(col_cost, "cost", "成本") \
  X(col_replicas, "replicas", "副本") \
  X(col_score, "score", "得分") \
  X(col_nodes, "nodes", "节点数") \
  X(col_why_excluded, "why excluded", "排除原因") \
  X(col_why, "why", "理由") \
  X(col_images_per_s, "img/s", "图像/s") \
  X(col_provider, "Provider", "云厂商") \
  X(col_instance, "Instance", "实例规格") \
  X(col_memory_per_gpu_long, "Memory/GPU", "显存/GPU") \
  X(col_images_per_s_replica, "Images/s per replica", "每副本图像/s") \
  X(col_replicas_load, "Replicas @load", "副本 @负载") \
  X(col_per_million_tokens, "$/M tokens", "每百万 token 成本") \
  X(col_per_thousand_images, "$/1000 images", "每千张图像成本") \
  X(col_per_million_tok_short, "$/M tok", "每M token") \
  X(col_per_thousand_img_short, "$/1k img", "每千图像") \
  X(section_why, "Why", "理由") \
  X(section_notes, "Notes", "说明") \
  X(section_fleet, "Fleet (--mix)", "服务集群（--mix）") \
  X(section_warnings, "Warnings", "警告") \
  X(section_excluded, "Excluded", "已排除") \
  X(section_sensitivity, "Sensitivity", "敏感性") \
  X(section_recommendation, "gpuselect recommendation", "gpuselect 推荐") \
  X(section_generated_by, "Generated by {}", "由 {} 生成") \
  X(label_sensitivity, "Sensitivity: ", "敏感性：") \
  X(label_warning_item, "Warning `{}`: ", "警告 `{}`：") \
  X(none_fits, "No offering satisfies this job and its constraints.", "没有方案能满足此任务及其约束。") \
  X(none_fits_most_removed, " Most were removed by {}.", "多数方案被 {} 排除。") \
  X(count_line, "Showing {0} of {1} candidates", "显示 {1} 个候选中的 {0} 个") \
  X(count_line_more, " (--top N for more)", "（--top N 显示更多）") \
  X(count_line_excluded, "; {} excluded", "；已排除 {} 个") \
  X(count_line_end, ".", "。") \
  X(pareto_legend, "{} on the cost-time Pareto frontier (no other row is both cheaper and faster)", "{} 位于成本-时间帕累托前沿（没有其他方案同时更便宜且更快）") \
  X(pareto_legend_markdown, "\\* on the cost-time Pareto frontier.", "\\* 位于成本-时间帕累托前沿。") \
  X(estimated_legend, "{} estimated: the price or spot interruption rate behind this cost is derived, not published (--format json lists every estimated figure per row).", "{} 估算：此成本所依据的价格或竞价实例中断率为推算值，并非公开数据（--format json 按行列出每个估算值）。") \
  X(card_score, "score {}", "得分 {}") \
  X(card_per_gpu, "{} per GPU", "每 GPU {}") \
  X(card_time, "time {}", "时间 {}") \
  X(card_images_per_s, "img/s {}", "图像/s {}") \
  X(card_tpot, "TPOT@batch {}", "TPOT@batch {}") \
  X(card_cost, "cost {}", "成本 {}") \
  X(card_replicas, "replicas {}", "副本 {}") \
  X(card_per_million_tokens, "{} per M output tokens", "每百万输出 token {}") \
  X(card_per_thousand_images, "{} per 1000 images", "每千张图像 {}") \
  X(excluded_line, "  {0} ({1}, nodes {2}): ", "  {0}（{1}，节点数 {2}）：") \
  X(sensitivity_summary, "#1 stays first in {0:.0f}% of {1} samples (weights +/-{2:.0f}%, seed {3}): {4}", "在 {1} 次抽样中 #1 有 {0:.0f}% 保持第一（权重 ±{2:.0f}%，种子 {3}）：{4}") \
  X(sensitivity_robust, "robust", "稳健") \
  X(sensitivity_not_robust, "NOT robust, the order depends on the weights", "不稳健，排名取决于权重") \
  X(sensitivity_spread, "#{0} ranks {1}-{2}", "#{0} 排名 {1}-{2}") \
  X(list_separator, "; ", "；") \
  X(region_any_of, "any of {}", "{} 个地域任选") \
  X(label_nodes, " x{} nodes", " ×{} 节点") \
  X(label_instances, "{0} x{1} instances", "{0} ×{1} 实例") \
  X(html_title_recommend, "gpuselect recommendation", "gpuselect 推荐")
// clang-format on
