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
  X(summary_diffusion_image, "{0}{1}x{1} px", "{0}{1}x{1} 像素") \
  X(summary_diffusion_steps, "{0}{1} steps per image", "{0}每张图 {1} 步") \
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
  X(fact_deadline_value, "{0} met at {1:g}% confidence ({2}): the chance of ending within it, from the time band, spot interruptions and the wait for capacity", "{0}，置信度 {1:g}%（{2}）：按时间区间、竞价实例中断和等待资源估算的按时完成概率") \
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
  X(fact_spot, "spot, {2}, {0} interrupted, {1} chance of no interruption", "竞价实例，{2}，{0} 会被中断，{1} 的概率不被中断") \
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
  X(fact_scored_upper, "scored at its price's upper end, {0}{2}, against the cheapest quote, {1}", "按价格上限计为 {0}{2}，对比最便宜的报价 {1}") \
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
  X(sentence_gain, "{0} +{1} points (this row: {2}; that row: {3})", "{0} +{1} 分（本方案：{2}；对方：{3}）") \
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
  X(w_over_provisioned, "{0} of the {1} GPUs rented would sit idle ({2} of {3} needed for the load): {4} of this row's cost ({5}) pays for idle GPUs; a smaller instance of the same GPU, where one is sold, wastes less.", "租用的 {1} 块 GPU 中有 {0} 块闲置（负载只需 {2}/{3}）：本方案成本中的 {4}（{5}）花在闲置 GPU 上；若有同型号 GPU 的更小实例，浪费更少。") \
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
  X(html_title_recommend, "gpuselect recommendation", "gpuselect 推荐") \
  /* run-wide notes (scoring::run_notes, Ranking::Note) */ \
  X(note_stale_prices, "Prices of {0} provider{1} in this ranking are {2} days old (oldest read {3}, today {4}; stale after {5} days): check the providers' pages before you rent.", "本次排名中 {0} 家云厂商的价格已有 {2} 天（最早读取于 {3}，今天 {4}；超过 {5} 天即视为过期）：租用前请查看云厂商的价格页面。") \
  X(note_stale_rate, "Exchange rates used to compare currencies were read more than {1} days ago: {0}. Overlay a currencies record with today's rate (docs/catalog.md \"Currencies\").", "用于换算货币的汇率读取已超过 {1} 天：{0}。请用当天汇率覆盖 currencies 记录（docs/catalog.md “Currencies”）。") \
  X(note_stale_rate_item, "{0} {1} per USD as of {2} ({3} days)", "{0} 每美元 {1}，截至 {2}（{3} 天）") \
  X(note_price_age, "Prices may have moved since they were read: cost bands widen 2% a month after 90 days for list prices (here up to {0}%) and 8% a month after 14 days for spot (here up to {1}%), and the cost criterion scores each row at its band's upper end.", "价格读取后可能已变动：标价超过 90 天后成本区间每月放宽 2%（此处最多 {0}%），竞价价格超过 14 天后每月放宽 8%（此处最多 {1}%），成本一项按每行区间的上限评分。") \
  X(note_low_stock_first_in_stock, "Rows #1 to #{0} are low stock (capacity may not be there when you ask; W-STOCK): the best-ranked row in stock is #{1}, {2} ({3}), {4}.", "第 1 至第 {0} 名方案库存偏低（申请时可能没有容量；W-STOCK）：有库存的最佳方案是第 {1} 名，{2}（{3}），{4}。") \
  X(note_term_one_off, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it: a term is the billing for steady work, not a one-off job. On demand the same run on #1 costs about {3}: rank with --pricing on-demand, or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}：期限合约适合持续的工作，不适合一次性作业。同一作业在第 1 名上按需约 {3}：请用 --pricing on-demand 重新排名；若期限内还有其他工作，请加 --reserved-other-use。") \
  X(note_term_one_off_no_on_demand, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it: a term is the billing for steady work, not a one-off job. Rank with --pricing on-demand, or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}：期限合约适合持续的工作，不适合一次性作业。请用 --pricing on-demand 重新排名；若期限内还有其他工作，请加 --reserved-other-use。") \
  X(note_low_stock_all, "Every ranked row is low stock (capacity may not be there when you ask; W-STOCK): confirm capacity with the provider before you plan on it.", "所有上榜方案库存均偏低（申请时可能没有容量；W-STOCK）：规划前请先向云厂商确认容量。") \
  X(note_spot_rate_assumed, "Spot interruption rates of {} are not published: the GPU class's band on AWS Spot Advisor is assumed (estimated): 22.5% of instances a month for SXM/OAM HBM GPUs (A100, H100, H200, B200, MI300X), 12.5% for other instances of 4+ GPUs, 7.5% for the rest.", "{} 未公布竞价实例中断率：假定为 AWS Spot Advisor 上同类 GPU 的区间（估算）：SXM/OAM HBM GPU（A100、H100、H200、B200、MI300X）每月 22.5% 的实例，其他 4 块及以上 GPU 的实例 12.5%，其余 7.5%。") \
  X(note_tier, "{0} excluded for production serving; {1}; {2} to include.", "{0}因生产服务等级被排除；{1}；加 {2} 可纳入。") \
  X(note_tier_consumer, "{0} consumer or workstation GPU offering{1}", "{0} 个消费级或工作站 GPU 方案") \
  X(note_tier_marketplace, "{0} marketplace-host offering{1}", "{0} 个算力市场主机方案") \
  X(note_tier_shared_gpu, "{0} shared-vGPU offering{1}", "{0} 个共享 vGPU 方案") \
  X(note_tier_low_stock, "{0} low-stock offering{1}", "{0} 个低库存方案") \
  X(note_tier_no_sla, "{0} no-SLA offering{1}", "{0} 个无 SLA 方案") \
  X(note_tier_spot, "{0} offering{1} on spot", "{0} 个竞价实例方案") \
  X(note_tier_each_also, "each is also excluded for another reason", "每个方案也因其他原因被排除") \
  X(note_tier_cheapest, "cheapest {0} ({1}{2})", "最便宜 {0}（{1}{2}）") \
  X(note_tier_cheapest_mode, ", {}", "，{}") \
  /* the --mix lines (the ranked table's fleet section) */ \
  X(mix_split, "Split: the longest 10% of requests (at the p90 lengths) go to the long pool, the other 90% (at the lengths that keep the means) to the short pool, routed by prompt length on arrival; each pool is the cheapest offering that serves its class within the targets and the tier{}.", "拆分：最长的 10% 请求（按 p90 长度）交给长请求池，其余 90%（按保持均值的长度）交给短请求池，请求到达时按提示长度路由；每个池都是在目标和服务等级内服务该类请求的最便宜方案{}。") \
  X(mix_split_shared_spare, ", for its load, and one spare for the whole fleet is the cheapest pool type that carries any pool's lost instance at the planned utilisation", "（按其负载），整个集群共用一个备用实例，取能以计划利用率承接任一池故障实例的最便宜池类型") \
  X(mix_split_own_spare, ", each with its own redundancy (cheaper here than one spare for the fleet)", "，每个池各自冗余（此处比整个集群共用一个备用实例更便宜）") \
  X(mix_no_fleet, "No fleet serves the mix within the targets, the tier and the constraints.", "没有集群能在目标、服务等级和约束内服务该请求组合。") \
  X(mix_class_short, "short", "短") \
  X(mix_class_long, "long", "长") \
  X(mix_class_all, "all", "全部") \
  X(mix_pool, "{0} requests ({1:g}%, {2} req/s at {3} in / {4} out tokens): {5} x {6} ({7}), {8} GPUs, {9} replica{10}, {11}", "{0}请求（{1:g}%，{2} req/s，输入 {3} / 输出 {4} token）：{5} × {6}（{7}），{8} 块 GPU，{9} 个副本，{11}") \
  X(mix_spare, "spare for the fleet (takes over any pool's failed instance): {0} x {1} ({2}), {3} GPUs, {4} replica{5}, {6}", "集群备用实例（接替任一池的故障实例）：{0} × {1}（{2}），{3} 块 GPU，{4} 个副本，{6}") \
  X(mix_saves, "Mixed fleet {0} against {1} for the best single fleet ({2} x {3}): saves {4} ({5:.0f}%).", "混合集群 {0}，最佳单一集群（{2} × {3}）为 {1}：节省 {4}（{5:.0f}%）。") \
  X(mix_no_single, "Mixed fleet {}: no single offering serves the whole mix within the targets.", "混合集群 {}：没有单一方案能在目标内服务整个请求组合。") \
  X(mix_single_best_split, "The single fleet is best: {0} against {1} for one pool per class.", "单一集群最佳：{0}，每类请求各用一个池则为 {1}。") \
  X(mix_single_best, "The single fleet is best: {} (some request class has no pool of its own).", "单一集群最佳：{}（某类请求没有自己的池）。") \
  /* exclusion details (ExclusionReason::detail): constraints and the service tier */ \
  X(detail_unlisted, "unlisted: {} (--include-unlisted ranks it at its old price)", "已下架：{}（--include-unlisted 按旧价格排名）") \
  X(detail_region, "offered in {0}, not in {1}", "在 {0} 提供，不在 {1}") \
  X(detail_provider_not_asked, "provider {} is not in --provider", "云厂商 {} 不在 --provider 中") \
  X(detail_provider_excluded, "provider {} is excluded", "云厂商 {} 已被排除") \
  X(detail_gpu_not_asked, "GPU {} is not in --gpu", "GPU {} 不在 --gpu 中") \
  X(detail_gpu_memory, "{0} GB per GPU, not in --gpu-memory {1}GB", "每 GPU {0} GB，不在 --gpu-memory {1}GB 范围内") \
  X(detail_gpu_count, "{0} GPUs per instance, not {1}", "每实例 {0} 块 GPU，不是 {1}") \
  X(detail_sold_only, "sold only as {}", "仅以{}出售") \
  X(detail_max_price, "costs at least {0}/h, --max-price {1}", "每小时至少 {0}，--max-price {1}") \
  X(detail_notebook_spot, "an interactive session on spot is lost when the instance is reclaimed (seconds to minutes of notice); --pricing spot (or a list naming it) to include", "竞价实例被回收时交互式会话随之丢失（提前数秒到数分钟通知）；加 --pricing spot（或包含它的列表）可纳入") \
  X(detail_risk_averse_spot, "--risk-averse leaves out spot: a reclaim stops the job and resumes it from its last checkpoint after a wait for capacity; --pricing spot (or a list naming it) to include", "--risk-averse 不考虑竞价实例：回收会中断任务，等到资源后才能从最近的检查点恢复；加 --pricing spot（或包含它的列表）可纳入") \
  X(detail_tier_consumer, "{0} is a {1} card (no ECC or datacenter support): not production serving; --allow-consumer to include", "{0} 是 {1} 级显卡（无 ECC，无数据中心支持）：不适合生产服务；加 --allow-consumer 可纳入") \
  X(detail_tier_marketplace, "a marketplace host ({}: hosts are third parties, unvetted): not production serving; --allow-marketplace to include", "算力市场主机（{}：主机属于未经审核的第三方）：不适合生产服务；加 --allow-marketplace 可纳入") \
  X(detail_tier_low_stock, "stock low: a failed replica may not be replaceable for hours; not production serving; --allow-low-stock to include", "库存偏低：故障副本可能数小时内无法替换；不适合生产服务；加 --allow-low-stock 可纳入") \
  X(detail_tier_no_sla, "{} publishes no uptime SLA (no credits when the service is down): not production serving; --allow-no-sla to include", "{} 未公布可用性 SLA（服务中断时无赔付）：不适合生产服务；加 --allow-no-sla 可纳入") \
  X(detail_tier_shared_gpu, "a shared vGPU ({0}x {1}, time-sliced with other tenants: latency jitter): not production serving; --allow-shared-gpu to include", "共享 vGPU（{0}x {1}，与其他租户分时共享：延迟抖动）：不适合生产服务；加 --allow-shared-gpu 可纳入") \
  X(detail_tier_spot, "spot can be reclaimed at any time (no availability promise): not production serving; --allow-spot-serving to include", "竞价实例随时可能被回收（无可用性保证）：不适合生产服务；加 --allow-spot-serving 可纳入") \
  X(detail_software, "{}; --allow-immature-stack to include", "{}；加 --allow-immature-stack 可纳入") \
  X(detail_mainland_only, "sold in mainland China only (a mainland account or host); --region cn, --currency CNY or --provider {} to include", "仅在中国大陆销售（需大陆账号或主体）；加 --region cn、--currency CNY 或 --provider {} 可纳入") \
  X(detail_owned_cluster, "the owned cluster has {} (max_nodes)", "自有集群只有 {} 个节点（max_nodes）") \
  X(budget_upper, "{0} as quoted, at the price's upper end{1}", "按报价为 {0}，按价格上限{1}") \
  X(budget_upper_confidence, "{0} as quoted, at the price's upper end{1} and with the run's hours at {2} confidence", "按报价为 {0}，按价格上限{1}，且运行时长取 {2} 置信度") \
  X(budget_confidence, "{0} as quoted, with the run's hours at {1} confidence", "按报价为 {0}，运行时长取 {1} 置信度") \
  X(waited_queue, "with {} in the queue", "含排队 {}") \
  X(waited_setup, "with {} of machine setup", "含机器准备 {}") \
  X(waited_queue_setup, "with {0} in the queue and {1} of machine setup", "含排队 {0} 和机器准备 {1}") \
  X(deadline_at_confidence, "at {0} confidence; {1} chance of ending within it", "{0} 置信度；按时完成的概率 {1}") \
  X(deadline_at_confidence_waited, "at {0} confidence; {1} chance of ending within it, {2}", "{0} 置信度；按时完成的概率 {1}，{2}") \
  /* tables beside recommend's: words several of them share */ \
  X(word_yes, "yes", "是") \
  X(word_no, "no", "否") \
  X(preamble_fact, "{0}: {1}", "{0}：{1}") \
  /* compare */ \
  X(title_compare, "gpuselect compare", "gpuselect 比较") \
  X(cmp_figure, "Figure", "指标") \
  X(cmp_overview, "Overview", "概览") \
  X(cmp_rank, "rank", "排名") \
  X(cmp_provider, "provider", "云厂商") \
  X(cmp_pricing_mode, "pricing mode", "计费方式") \
  X(cmp_pareto, "Pareto frontier", "帕累托前沿") \
  X(cmp_criteria, "Criteria (score 0-100 / contribution)", "各项得分（0-100 分 / 贡献）") \
  X(cmp_indicators, "Indicators (0-1, weight within criterion)", "指标项（0-1，项内权重）") \
  X(cmp_criterion_weight, "{0} (weight {1:.2f})", "{0}（权重 {1:.2f}）") \
  X(cmp_indicator_value, "{0:.2f} (w {1:.2f})", "{0:.2f}（权重 {1:.2f}）") \
  X(cmp_estimate, "Estimate", "估算") \
  X(cmp_memory_per_gpu, "memory per GPU", "每 GPU 显存") \
  X(cmp_plan, "plan", "并行方案") \
  X(cmp_compute_cost, "compute cost", "计算成本") \
  X(cmp_total_cost, "total cost", "总成本") \
  X(cmp_warnings, "warnings", "警告") \
  X(cmp_not_comparable, "Not comparable: {0}: {1}", "不可比较：{0}：{1}") \
  /* estimate */ \
  X(title_estimate, "gpuselect estimate", "gpuselect 估算") \
  X(est_item, "Item", "项目") \
  X(est_value, "Value", "值") \
  X(est_offering_line, "Offering: {0} ({1})", "方案：{0}（{1}）") \
  X(est_no_hardware, "Hardware: none given (memory and FLOPs only; add --gpu or --offering for time and cost)", "硬件：未指定（仅估算显存和 FLOPs；加 --gpu 或 --offering 可估算时间和成本）") \
  X(est_memory_title, "Memory per GPU (1 GB = 1e9 bytes)", "每 GPU 显存（1 GB = 1e9 字节）") \
  X(est_part_weights, "weights", "权重参数") \
  X(est_part_gradients, "gradients", "梯度") \
  X(est_part_optimizer, "optimizer states", "优化器状态") \
  X(est_part_activations, "activations", "激活值") \
  X(est_part_kv_cache, "KV cache", "KV 缓存") \
  X(est_part_overhead, "runtime overhead", "运行时开销") \
  X(est_total, "total", "合计") \
  X(est_zero_paper, "model states, ZeRO paper", "模型状态（ZeRO 论文）") \
  X(est_cpu_offload, "CPU offload per node", "每节点 CPU 卸载") \
  X(est_nvme_offload, "NVMe offload per node", "每节点 NVMe 卸载") \
  X(est_gpu_capacity, "GPU capacity", "GPU 显存容量") \
  X(est_headroom, "headroom kept free", "保留余量") \
  X(est_headroom_value, "{0:g}% (usable {1})", "{0:g}%（可用 {1}）") \
  X(est_host_ram, "host RAM usable per node", "每节点可用主机内存") \
  X(est_longest_context, "longest context that fits", "可容纳的最长上下文") \
  X(est_longest_context_value, "{0} tokens ({1})", "{0} 个 token（{1}）") \
  X(est_one_request, "one request at batch 1 on this replica", "本副本上批大小 1 的单个请求") \
  X(est_one_sequence, "one sequence per micro-step on this plan", "本方案每个微步一个序列") \
  X(est_fits, "fits", "能否容纳") \
  X(est_fits_no, "NO", "否") \
  X(est_fits_host_ram, " (host RAM)", "（主机内存不足）") \
  X(est_fits_latency, "NO (memory fits; latency targets missed)", "否（显存够，但未达延迟目标）") \
  X(est_plan_title, "Parallel plan", "并行方案") \
  X(est_offload, "offload", "卸载") \
  X(est_gpus_per_node, "GPUs per node", "每节点 GPU 数") \
  X(est_tensor_parallel, "tensor parallel", "张量并行") \
  X(est_pipeline_parallel, "pipeline parallel", "流水线并行") \
  X(est_pipeline_stages, "{0} (one stage of {1} layers per node)", "{0}（每节点一个阶段，{1} 层）") \
  X(est_context_parallel, "context parallel", "上下文并行") \
  X(est_data_parallel, "data parallel", "数据并行") \
  X(est_expert_parallel, "expert parallel", "专家并行") \
  X(est_expert_parallel_value, "{0} (routed experts spread over {0} of the data-parallel GPUs)", "{0}（路由专家分布在 {0} 块数据并行 GPU 上）") \
  X(est_recompute, "recompute", "重计算") \
  X(est_micro_batch, "micro-batch", "微批") \
  X(est_micro_batch_value, "{0} x {1} micro-steps", "{0} × {1} 个微步") \
  X(est_performance_title, "Compute, time and throughput", "算力、时间和吞吐") \
  X(est_model_flops, "model FLOPs", "模型 FLOPs") \
  X(est_hardware_flops, "hardware FLOPs", "硬件 FLOPs") \
  X(est_mfu_goodput, "MFU (goodput)", "MFU（有效产出）") \
  X(est_mfu_basis, "MFU basis", "MFU 依据") \
  X(est_effective_tflops, "effective TFLOPS per GPU", "每 GPU 有效 TFLOPS") \
  X(est_step_mfu, "step MFU", "单步 MFU") \
  X(est_step_mfu_value, "{0:.1f}% per optimizer step ({1:.1f} TFLOPS per GPU; goodput {2:.0f}% of wall time after failures, restarts and whole-run overhead)", "每个优化器步 {0:.1f}%（每 GPU {1:.1f} TFLOPS；扣除故障、重启和整体开销后，有效产出占实际耗时的 {2:.0f}%）") \
  X(est_outside_regime, ", outside the calibrated regime", "，超出校准范围") \
  X(est_wall_time, "wall time", "实际耗时") \
  X(est_gpu_hours, "GPU hours", "GPU 小时") \
  X(est_step_time, "step time", "步时") \
  X(est_step_time_value, "{0:.2f} s for {1} tokens: compute {2:.2f}, TP/CP comm {3:.2f}, {4}pipeline bubble and send {5:.2f}, DP/ZeRO comm {6:.2f}, offload {7:.2f}, failures {8:.2f}", "{1} 个 token 用时 {0:.2f} s：计算 {2:.2f}，TP/CP 通信 {3:.2f}，{4}流水线气泡和发送 {5:.2f}，DP/ZeRO 通信 {6:.2f}，卸载 {7:.2f}，故障 {8:.2f}") \
  X(est_step_expert, "EP all-to-all {:.2f}, ", "EP all-to-all {:.2f}，") \
  X(est_input_pipeline, "input pipeline", "输入管线") \
  X(est_input_vcpus, "{0} vCPUs ({1} of {2}{3} per node; one per GPU runs its training process)", "{0} 个 vCPU（每节点 {2} 个中的 {1} 个{3}；每 GPU 留一个运行训练进程）") \
  X(est_assumed, " assumed", "，假定值") \
  X(est_input_bound, "input pipeline bound: {0} decode ~{1:.0f} img/s; the GPUs could take ~{2:.0f} img/s and are busy {3:.0f}% of the time{4}", "受输入管线限制：{0} 每秒解码约 {1:.0f} 张图像；GPU 可处理约 {2:.0f} 张，繁忙时间占 {3:.0f}%{4}") \
  X(est_input_try_dali, "; --data-loader gpu (NVIDIA DALI) decodes on the GPUs instead", "；可用 --data-loader gpu（NVIDIA DALI）改在 GPU 上解码") \
  X(est_input_more_vcpus, "; more vCPUs per GPU would feed them", "；每 GPU 更多的 vCPU 才能喂饱 GPU") \
  X(est_gpu_bound, "GPU bound: ~{0:.0f} img/s; the loader's {1} decode up to ~{2:.0f} img/s", "受 GPU 限制：约 {0:.0f} 张图像/s；数据加载的 {1} 每秒最多解码约 {2:.0f} 张") \
  X(est_decode_per_replica, "decode tokens/s per replica", "每副本解码 token/s") \
  X(est_prefill_per_replica, "prefill tokens/s per replica", "每副本预填充 token/s") \
  X(est_extrapolated, "extrapolated ", "外推 ") \
  X(est_serving_title, "Serving per replica (p50; bands 10th-90th percentile)", "每副本推理服务（p50；区间为第 10–90 百分位）") \
  X(est_batch, "batch", "批大小") \
  X(est_batch_value, "{0} concurrent sequences ({1}; free KV memory holds {2})", "{0} 个并发序列（{1}；空闲 KV 显存可容纳 {2} 个）") \
  X(est_as_given, "as given", "按指定值") \
  X(est_largest_batch, "the largest that meets the targets", "满足目标的最大值") \
  X(est_output_tokens_per_s, "output tokens/s", "输出 token/s") \
  X(est_requests_per_s, "requests/s", "请求/s") \
  X(est_targets, "targets", "目标") \
  X(est_targets_value, "TTFT {0:g} ms, TPOT {1:g} ms: {2}", "TTFT {0:g} ms，TPOT {1:g} ms：{2}") \
  X(est_met, "met", "达到") \
  X(est_missed, "MISSED", "未达到") \
  X(est_decode_bound, "decode bound", "解码瓶颈") \
  X(est_bound_memory, "memory bandwidth (weights + KV read per step)", "显存带宽（每步读取权重和 KV）") \
  X(est_bound_compute, "compute", "算力") \
  X(est_kv_per_token, "KV cache per token", "每 token KV 缓存") \
  X(est_replicas_for_load, "replicas for the load", "承载负载所需副本") \
  X(est_ttft_at, "TTFT at", "TTFT 按") \
  X(est_ttft_at_value, "the p90 prompt, {} tokens", "p90 提示长度，{} 个 token") \
  X(est_pipeline_handoffs, "pipeline handoffs", "流水线交接") \
  X(est_pipeline_handoffs_value, "{0:.2f} ms of each TPOT (stages on {1} nodes)", "每个 TPOT 中占 {0:.2f} ms（各阶段分布在 {1} 个节点）") \
  X(est_experts_read, "experts read per MoE layer per step", "每步每个 MoE 层读取的专家数") \
  X(est_experts_read_value, "{0:.1f} of {1}", "{1} 个中的 {0:.1f} 个") \
  X(est_serving_extrapolated, "This GPU, precision or MoE batch lies outside the serving calibration rows (Hopper, FP8/BF16, MoE at batch 64 and more): the bands are extrapolated and widened 1.5x each way.", "此 GPU、精度或 MoE 批大小超出推理校准数据（Hopper，FP8/BF16，MoE 批大小 64 及以上）：区间为外推值，并向两侧各放宽 1.5 倍。") \
  X(est_cost_title, "Cost per pricing mode ({})", "各计费方式的成本（{}）") \
  X(est_price_per_hour, "price per hour", "每小时价格") \
  X(est_compute, "compute", "计算") \
  X(est_egress, "egress", "出网流量") \
  X(est_public_ip, "public IP", "公网 IP") \
  X(est_storage, "storage", "存储") \
  X(est_interruptions, "interruptions", "中断损失") \
  X(est_per_million_output, "per 1M output tokens", "每百万输出 token") \
  X(est_break_even, "break-even utilisation", "盈亏平衡利用率") \
  X(est_sells_nothing, "The offering sells no pricing mode.", "该方案没有任何计费方式出售。") \
  X(est_assumptions_title, "Assumptions", "假设") \
  X(est_assumption, "Assumption", "假设") \
  /* catalog list, gpus, providers */ \
  X(cat_heading, "gpuselect catalog: {}", "gpuselect 目录：{}") \
  X(cat_heading_offerings, "offerings", "报价") \
  X(cat_heading_gpus, "GPUs", "GPU 型号") \
  X(cat_heading_providers, "providers", "云厂商") \
  X(cat_offering, "Offering", "方案") \
  X(cat_gpus, "GPUs", "GPU 配置") \
  X(cat_gpu_count, "GPUs", "GPU 数") \
  X(cat_region, "Region", "地域") \
  X(cat_offers, "Offers", "报价数") \
  X(cat_modes, "Modes", "计费方式") \
  X(cat_cheapest_per_gpu, "Cheapest per GPU", "每 GPU 最便宜") \
  X(cat_groups_note, "{0} groups of {1} offers (offering x region).", "{0} 组，共 {1} 条报价（方案 × 地域）。") \
  X(cat_groups_usd_note, "USD at the catalog's rates, per instance-hour and per GPU-hour, cheapest allowed mode.", "按目录汇率折算为美元，按实例小时和 GPU 小时计，取允许的最便宜计费方式。") \
  X(cat_on_demand_h, "On-demand/h", "按需/h") \
  X(cat_spot_h, "Spot/h", "竞价/h") \
  X(cat_1y_h, "1y/h", "1年预留/h") \
  X(cat_3y_h, "3y/h", "3年预留/h") \
  X(cat_month, "Month", "包月") \
  X(cat_year, "Year", "包年") \
  X(cat_per_gpu_h, "Per GPU-h", "每 GPU 小时") \
  X(cat_od, "od", "按需") \
  X(cat_rows_note, "{0} offers (offering x region); per instance-hour in the provider's currency{1}.", "{0} 条报价（方案 × 地域）；按实例小时计，以云厂商的货币计价{1}。") \
  X(cat_rows_subscription, " (Month, Year: prepaid per instance-month, -year)", "（包月、包年：按实例每月、每年预付）") \
  X(cat_per_gpu_note, "Per GPU-h: in the cheapest allowed mode (od = on-demand).", "每 GPU 小时：取允许的最便宜计费方式。") \
  X(cat_prices_as_of, "Prices as of {}.", "价格截至 {}。") \
  X(cat_prices_as_of_range, "Prices as of {0} to {1}.", "价格日期为 {0} 至 {1}。") \
  X(cat_estimated_note, "{} estimated: the catalog marks the price as a judgement, not a published one.", "{} 估算：目录将该价格标为判断值，并非公开价格。") \
  X(cat_name, "Name", "名称") \
  X(cat_memory_gb, "Memory GB", "显存 GB") \
  X(cat_bandwidth, "Bandwidth GB/s", "带宽 GB/s") \
  X(cat_link, "Link", "互联") \
  X(cat_aliases, "Aliases", "别名") \
  X(cat_gpus_note, "{} GPU models; TFLOPS are dense (no sparsity).", "{} 种 GPU 型号；TFLOPS 为稠密算力（不含稀疏）。") \
  X(cat_kind, "Kind", "类型") \
  X(cat_kind_hyperscaler, "hyperscaler", "超大规模云") \
  X(cat_kind_gpu_cloud, "gpu-cloud", "GPU 云") \
  X(cat_kind_marketplace, "marketplace", "算力市场") \
  X(cat_kind_regional_cloud, "regional-cloud", "区域云") \
  X(cat_support, "Support", "服务支持") \
  X(cat_egress_per_gb, "Egress/GB", "出网/GB") \
  X(cat_compliance, "Compliance", "合规认证") \
  X(cat_as_of, "As of", "日期") \
  X(cat_sla_none, "none", "无") \
  X(cat_providers_note, "{} providers.", "{} 家云厂商。") \
  /* config show */ \
  X(config_file_line, "config file: {}\n", "配置文件：{}\n") \
  X(config_none, "(none)", "（无）") \
  X(config_searched_line, "searched:    {}\n", "搜索路径：  {}\n") \
  X(config_no_path, "(no path: neither XDG_CONFIG_HOME nor HOME is set)", "（无路径：XDG_CONFIG_HOME 和 HOME 均未设置）") \
  X(config_setting, "setting", "设置项") \
  X(config_value, "value", "值") \
  X(config_from, "from", "来源") \
  X(config_profiles, "(profile's)", "（由配置档决定）") \
  X(config_built_in, "(built-in data/*.yaml)", "（内置 data/*.yaml）") \
  X(config_origin_default, "default", "默认") \
  X(config_origin_environment, "environment {}", "环境变量 {}") \
  X(config_origin_flag, "flag {}", "参数 {}") \
  X(note_tier_training, "{0} excluded for production training; {1}; {2} to include.", "{0}因生产训练等级被排除；{1}；加 {2} 可纳入。") \
  X(note_tier_consumer_training, "{0} consumer-GPU offering{1}", "{0} 个消费级 GPU 方案") \
  X(detail_training_consumer, "{0} is a consumer card (no ECC; its licence excludes datacenter use): not production training; --gpu {1} or --allow-consumer to include", "{0} 为消费级显卡（无 ECC；其许可不允许数据中心使用）：不适合生产训练；加 --gpu {1} 或 --allow-consumer 可纳入") \
  X(detail_training_marketplace, "a marketplace host ({0}: hosts are unvetted third parties holding the job's data and weights): not production training; --provider {0} or --allow-marketplace to include", "算力市场主机（{0}：主机为未经审核的第三方，持有任务的数据和权重）：不适合生产训练；加 --provider {0} 或 --allow-marketplace 可纳入") \
  X(w_latency_in_band, "At the slow end of its calibrated band this plan gives TPOT {0} ms and TTFT {1} ms against targets of {2} and {3} ms: the targets hold at {4} confidence (the bands' log-normal quantile), not at the bands' tops; --risk-averse plans for the tops.", "在校准区间的慢端，该方案的 TPOT 为 {0} ms、TTFT 为 {1} ms，目标为 {2} 和 {3} ms：目标在 {4} 置信度下成立（区间的对数正态分位数），而非区间上限；加 --risk-averse 按区间上限规划。") \
  X(w_software_weak_qlora, "expect slower kernels or a preview port; plain LoRA (--method lora: a bf16 base, no 4-bit kernels) runs on this GPU's mature stack where its memory holds the base", "算子可能较慢或仅有预览版移植；若显存能容纳 bf16 基座权重，普通 LoRA（--method lora：bf16 基座，无 4 位算子）可在该 GPU 的成熟软件栈上运行") \
  X(detail_capacity, "{0} GPUs {1} for {2}: {3} GPU-hours, more than half of what the about {4} GPUs a {5}-stock SKU usually has free give in {6} days; a job that size runs on a reservation, not open capacity; --pricing reserved-1y (or a capacity block from the provider) to price one", "{0} 块 GPU 以{1}方式运行 {2}：共 {3} GPU 小时，超过 {5} 库存规格通常空闲的约 {4} 块 GPU 在 {6} 天内所能提供的一半；这种规模的任务应使用预留资源，而非按需/竞价容量；加 --pricing reserved-1y（或向云厂商申请容量块）为其计价") \
  /* errors and hints (gpuselect::Error::said): <what> and <what to do> of "gpuselect: error: <where>: ..." */ \
  X(err_did_you_mean, "did you mean {0}? ({1})", "是否要输入 {0}？（{1}）") \
  X(err_choose_one_of, "choose one of: {}", "可选值：{}") \
  X(err_unknown, "unknown {0} {1}", "未知的{0} {1}") \
  X(err_see, "see {}", "参见 {}") \
  X(err_run, "run {}", "运行 {} 查看用法") \
  X(err_then, "{0}; {1}", "{0}；{1}") \
  X(kind_option, "option", "选项") \
  X(kind_command, "command", "命令") \
  X(kind_workload, "workload", "工作负载类型") \
  X(kind_language, "language", "语言") \
  X(kind_color_mode, "color mode", "颜色模式") \
  X(kind_pricing_mode, "pricing mode", "计费方式") \
  X(kind_price_basis, "price basis", "价格基准") \
  X(kind_format, "format", "输出格式") \
  X(kind_gpu, "GPU", "GPU") \
  X(kind_model, "model", "模型") \
  X(kind_provider, "provider", "云厂商") \
  X(kind_offering, "offering", "方案") \
  X(kind_region, "region", "地域") \
  X(kind_currency, "currency", "货币") \
  X(kind_profile, "profile", "权重配置档") \
  X(kind_criterion, "criterion", "评分项") \
  X(kind_config_key, "config key", "配置键") \
  X(kind_flag_value, "{} value", "{} 的取值") \
  X(err_not_finite, "{} is not a finite number", "{} 不是有限的数") \
  X(err_not_whole, "{} is not a whole number", "{} 不是整数") \
  X(err_out_of_range, "{0} is out of range for {1}", "{0} 超出允许范围") \
  X(err_not_number, "{} is not a number", "{} 不是数字") \
  X(hint_whole_from_to, "give a whole number from {0} to {1}", "请给出 {0} 到 {1} 之间的整数") \
  X(hint_number_from_to, "give a number from {0} to {1}", "请给出 {0} 到 {1} 之间的数") \
  X(hint_whole_such_as, "give a whole number such as 4", "请给出整数，例如 4") \
  X(hint_number_such_as, "give a number such as 12.5", "请给出数字，例如 12.5") \
  X(hint_or_units, "{0}, or {1}", "{0}，或 {1}") \
  X(list_comma, ", ", "、") \
  X(list_or, "{0} or {1}", "{0} 或 {1}") \
  X(hint_plain_money, "write the amount as a plain number in the output currency (--currency): {}", "金额请写成输出货币（--currency）下的纯数字：{}") \
  X(hint_plain_number, "write the number without signs or separators: {}", "数字请不要带符号或分隔符：{}") \
  X(hint_decimal_dot, "use a dot as the decimal separator: {}", "小数点请用英文句点：{}") \
  X(hint_decimal_dot_or_thousands, "use a dot as the decimal separator: {0} (or, for a thousands separator, write {1})", "小数点请用英文句点：{0}（若逗号是千位分隔符，请写 {1}）") \
  X(err_not_count, "{0} is not {1}", "{0} 不是{1}") \
  X(what_param_count, "a positive parameter count", "正的参数量") \
  X(what_positive_count, "a positive count", "正的数量") \
  X(what_token_count, "a token count", "token 数") \
  X(hint_params_example, "write e.g. 7e9, 7B, 350M or 70_000_000_000", "例如写 7e9、7B、350M 或 70_000_000_000") \
  X(hint_active_params_example, "write e.g. 13B or 1.3e10", "例如写 13B 或 1.3e10") \
  X(hint_tokens_example, "write e.g. 2T, 1e9 or 500M", "例如写 2T、1e9 或 500M") \
  X(hint_global_batch_example, "write the tokens per optimizer step, e.g. 4M", "写出每个优化器步的 token 数，例如 4M") \
  X(err_value_empty, "the value is empty", "值为空") \
  X(err_two_words, "{} is two words", "{} 被拆成了两个词") \
  X(hint_join_unit, "write the unit joined to the number: {0} {1}{2}", "单位请紧跟数字书写：{0} {1}{2}") \
  X(err_unexpected_word, "unexpected word {}", "多余的词 {}") \
  X(hint_list_gpu_offerings, "to list offerings of a GPU, use {}", "要列出某款 GPU 的方案，请用 {}") \
  X(hint_list_offerings, "to list GPU offerings, use {}", "要列出 GPU 方案，请用 {}") \
  X(err_foreign_option, "unknown option ({} word)", "未知选项（{} 的写法）") \
  X(hint_use, "use {}", "请用 {}") \
  X(err_missing_value, "{} needs a value", "{} 缺少取值") \
  X(err_required, "{} is required", "缺少必需的 {}") \
  X(err_unexpected_arguments, "unexpected arguments: {}", "多余的参数：{}") \
  X(err_option_excludes, "{0} cannot be used with {1}", "{0} 不能与 {1} 同时使用") \
  X(err_option_requires, "{0} requires {1}", "{0} 需要同时给出 {1}") \
  X(err_command_line, "{}", "命令行有误：{}") \
  X(err_no_match, "no offering satisfies the job and constraints", "没有方案能满足任务和约束") \
  X(hint_no_match_loosen, "loosen the constraints or add offerings to the catalog", "请放宽约束，或向目录添加方案") \
  X(hint_no_match_top, "{0} removed the most ({1} candidate{2}){3}; loosen it, or run with --show-excluded to see why", "{0} 排除的候选最多（{1} 个）{3}；请放宽该约束，或加 --show-excluded 查看原因") \
  X(hint_no_match_admits, " ({0} {1} admits the cheapest of them, {2} on {3} node{4})", "（{0} 放宽到 {1} 即可纳入其中最便宜的 {2}，{3} 个节点）") \
  X(hint_no_match_block, "; {0} nodes of {1} meet it, more than open capacity usually has free at once: a block that size is a reservation (the provider's capacity blocks, or --pricing reserved-1y --reserved-other-use when a 1-year term has other work)", "；{1} 的 {0} 个节点可满足，但超出开放容量通常一次能空出的数量：这么大的资源块需要预留（云厂商的容量块，或在 1 年期内另有其他工作时用 --pricing reserved-1y --reserved-other-use）") \
  X(hint_no_match_scale_out, "; --max-nodes {0} meets it on {1}", "；在 {1} 上设 --max-nodes {0} 即可满足") \
  X(hint_no_match_tied, "{0} removed the most ({1} candidate{2} each){3}; loosen them, or run with --show-excluded to see why", "{0} 排除的候选最多（各 {1} 个）{3}；请放宽这些约束，或加 --show-excluded 查看原因") \
  X(hint_no_match_rule, "the production tier's rule that {0} lifts removed the most ({1} candidate{2}){3}; pass {0} if the job can take that risk, or run with --show-excluded to see why", "生产级别中 {0} 可解除的规则排除的候选最多（{1} 个）{3}；若作业可承受该风险请加 {0}，或加 --show-excluded 查看原因") \
  X(hint_no_match_rules, "the production tier's rules that {0} lift removed the most ({1} candidate{2} each){3}; pass those the job can take, or run with --show-excluded to see why", "生产级别中 {0} 可解除的规则排除的候选最多（各 {1} 个）{3}；请加作业可承受的那些标志，或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_reserved, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long, and the reserved rows allowed were removed too; a longer --deadline or a provider's capacity block is left, or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU，允许的预留方案也被排除；可放宽 --deadline 或向云厂商申请容量块，或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; add --pricing reserved-1y (a reserved block), or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；请加 --pricing reserved-1y（预留资源块），或加 --show-excluded 查看原因") \
  X(hint_more_errors, "{0} ({1} more; run 'gpuselect catalog validate' to list them all)", "{0}（另有 {1} 处错误；运行 'gpuselect catalog validate' 查看全部）") \
  X(err_yaml_syntax, "YAML syntax error: {}", "YAML 语法错误：{}") \
  X(err_yaml_context, "YAML syntax error: {0} ({1})", "YAML 语法错误：{0}（{1}）") \
  X(hint_fix_yaml, "fix the YAML at this position; nothing after it was read", "请修正此处的 YAML；此后的内容均未读取") \
  X(err_cannot_open, "cannot open: {}", "无法打开：{}") \
  X(hint_check_path, "check the path", "请检查路径") \
  X(hint_check_permissions, "check the file's permissions", "请检查文件权限") \
  X(err_is_directory, "is a directory, not a file", "是目录而不是文件") \
  X(hint_name_yaml_inside, "name a YAML file inside it", "请指定其中的一个 YAML 文件") \
  X(err_no_catalog, "no catalog to read", "没有可读取的目录") \
  X(hint_no_catalog, "give --catalog FILE or drop --no-builtin-catalog", "请给出 --catalog FILE，或去掉 --no-builtin-catalog") \
  X(err_unknown_value, "unknown {0} {1}", "未知的取值 {1}") \
  X(hint_see_ids, "see {} for ids and aliases", "ID 和别名见 {}") \
  X(hint_see_offering_ids, "see {} for offering ids", "方案 ID 见 {}") \
  X(hint_see_models, "see {}, or give --params (e.g. 7e9)", "参见 {}，或给出 --params（例如 7e9）") \
  X(hint_add_currency, "{}, or add its rate under currencies: in a catalog file", "{}，或在目录文件的 currencies: 下添加其汇率") \
  X(hint_see_regions, "see {} for the regions", "地域见 {}") \
  X(hint_keys_in_docs, "the keys are in docs/cli.md", "可用的键见 docs/cli.md") \
  X(err_gpu_and_gpus, "--gpu and --gpus both name the GPU model", "--gpu 和 --gpus 都指定了 GPU 型号") \
  X(hint_gpu_and_gpus, "keep one: --gpus NAME:COUNT, or --gpu NAME with --gpu-count", "只保留一种：--gpus NAME:COUNT，或 --gpu NAME 加 --gpu-count") \
  X(err_gpus_and_count, "--gpus NAME:COUNT and --gpu-count both give the count", "--gpus NAME:COUNT 和 --gpu-count 都给出了数量") \
  X(hint_gpus_and_count, "keep one: --gpus NAME:COUNT, or --gpus NAME --gpu-count RANGE", "只保留一种：--gpus NAME:COUNT，或 --gpus NAME --gpu-count RANGE") \
  X(err_mix_not_inference, "a request-length histogram is for llm-inference only", "请求长度直方图只适用于 llm-inference") \
  X(hint_mix_not_inference, "drop --request-mix or use --workload llm-inference", "请去掉 --request-mix，或使用 --workload llm-inference") \
  X(err_mix_and_flags, "the file and --input-tokens/--output-tokens (or their -p90) both give the lengths", "文件和 --input-tokens/--output-tokens（或其 -p90）都给出了长度") \
  X(hint_mix_and_flags, "give one: the file or the flags", "只给出一种：文件或参数") \
  X(err_no_workload, "no workload given", "未给出工作负载类型") \
  X(hint_no_workload, "add --workload llm-finetune (or llm-pretrain, llm-inference, ...)", "请加 --workload llm-finetune（或 llm-pretrain、llm-inference 等）") \
  X(err_pick_without_emit, "chooses the row that --emit launches, but --emit is not given", "用于选择 --emit 要启动的行，但未给出 --emit") \
  X(hint_pick_without_emit, "add --emit skypilot or --emit dstack", "请加 --emit skypilot 或 --emit dstack") \
  X(err_emit_with_format, "--emit writes a launch file instead of the ranking, so --format does not apply", "--emit 输出启动文件而非排名，因此 --format 不适用") \
  X(hint_emit_with_format, "drop --format, or run recommend twice (once with --emit, once with --format)", "请去掉 --format，或运行两次 recommend（一次用 --emit，一次用 --format）") \
  X(err_not_row, "{} is not a row number", "{} 不是行号") \
  X(hint_row_from_one, "give a whole number from 1, e.g. --pick 2", "请给出从 1 开始的整数，例如 --pick 2") \
  X(err_pick_out_of_range, "{0} is out of range: the ranking has {1} row{2}", "{0} 超出范围：排名只有 {1} 行") \
  X(hint_row_range, "give a row from 1 to {}", "请给出 1 到 {} 之间的行号") \
  X(err_emit_no_match, "no offering satisfies the job and constraints, so there is no pick to launch", "没有方案能满足任务和约束，因此没有可启动的选择") \
  X(hint_emit_no_match, "run without --emit and with --show-excluded to see why", "请去掉 --emit 并加 --show-excluded 查看原因") \
  X(err_gpu_gpus_differ, "--gpu and --gpus name different GPU models", "--gpu 和 --gpus 指定了不同的 GPU 型号") \
  X(hint_gpu_gpus_differ, "keep one: --gpus NAME:COUNT, or --gpu NAME --gpus COUNT", "只保留一种：--gpus NAME:COUNT，或 --gpu NAME --gpus COUNT") \
  X(err_whole_gpus, "estimate needs whole GPUs", "estimate 需要整数块 GPU") \
  X(hint_whole_gpus, "give NAME:COUNT with a whole COUNT, e.g. A100:8", "请给出整数 COUNT 的 NAME:COUNT，例如 A100:8") \
  X(err_offering_fixes_gpu, "--offering already fixes the GPU and count", "--offering 已确定 GPU 型号和数量") \
  X(hint_offering_fixes_gpu, "drop --gpu/--gpus, or drop --offering", "请去掉 --gpu/--gpus，或去掉 --offering") \
  X(err_count_needs_gpu, "a GPU count needs a GPU model", "给出 GPU 数量时需要指定 GPU 型号") \
  X(hint_count_needs_gpu, "add --gpu ID (see 'gpuselect catalog gpus')", "请加 --gpu ID（参见 'gpuselect catalog gpus'）") \
  X(err_not_date, "{} is not a date", "{} 不是日期") \
  X(hint_write_date, "write YYYY-MM-DD", "请写成 YYYY-MM-DD") \
  X(err_config_invalid_yaml, "invalid YAML: {}", "YAML 无效：{}") \
  X(hint_fix_yaml_syntax, "fix the YAML syntax", "请修正 YAML 语法") \
  X(err_aliases, "aliases are not supported", "不支持 YAML 别名") \
  X(hint_write_out, "write the value out", "请直接写出值") \
  X(err_yaml_tag, "YAML tags are not supported (found {})", "不支持 YAML 标签（发现 {}）") \
  X(hint_remove_tag, "remove the tag and write the plain value", "请去掉标签，直接写出值") \
  X(err_config_not_map, "a config file must be a map of settings", "配置文件必须是设置项的映射") \
  X(hint_config_not_map, "write 'key: value' lines such as 'profile: balanced'", "请写成 'key: value' 形式的行，例如 'profile: balanced'") \
  X(err_config_key_word, "a config key must be a plain word", "配置键必须是普通单词") \
  X(hint_config_key_word, "use one of the documented keys", "请使用文档中列出的键") \
  X(err_duplicate_config_key, "duplicate config key {}", "配置键 {} 重复") \
  X(hint_keep_one_line, "keep one of the two lines", "请只保留其中一行") \
  X(err_catalogs_list, "catalogs must be a list of file paths", "catalogs 必须是文件路径列表") \
  X(hint_catalogs_list, "write catalogs: [team.yaml]", "请写成 catalogs: [team.yaml]") \
  X(err_catalog_path, "each catalog must be a file path", "每个 catalog 都必须是文件路径") \
  X(hint_path_string, "write a path string", "请写成路径字符串") \
  X(err_weights_map, "weights must map criteria to numbers", "weights 必须是评分项到数字的映射") \
  X(hint_weights_map, "write cost: 0.4", "请写成 cost: 0.4") \
  X(err_weight_number, "weight of {} must be a number", "{} 的权重必须是数字") \
  X(hint_write_weight, "write {}: 0.3", "请写成 {}: 0.3") \
  X(err_single_value, "{} must be a single value", "{} 必须是单个值") \
  X(hint_write_key_value, "write {}: VALUE", "请写成 {}: VALUE") \
  X(err_one_document, "a config file holds one YAML document", "配置文件只能包含一个 YAML 文档") \
  X(hint_one_document, "remove the '---' and merge the settings into the first document", "请删除 '---'，并将设置合并到第一个文档中") \
  X(err_catalog_empty, "empty catalog", "目录为空") \
  X(hint_catalog_empty, "write 'schema_version: 1' and at least one record list", "请写上 'schema_version: 1' 和至少一个记录列表") \
  X(err_missing_schema_version, "missing schema_version", "缺少 schema_version") \
  X(hint_missing_schema_version, "add 'schema_version: 1' at the top of the file", "请在文件开头加上 'schema_version: 1'") \
  X(err_unknown_top_key, "unknown top-level key {}", "未知的顶层键 {}") \
  X(err_unknown_record_key, "unknown key {0} in {1} {2}", "{1} {2} 中有未知的键 {0}") \
  X(err_catalog_yaml_aliases, "aliases are not supported", "不支持 YAML 别名") \
  X(hint_catalog_yaml_aliases, "write the value out in full instead of *alias", "请完整写出值，不要用 *alias") \
  X(err_expected_got, "expected {0} for {1}, got {2}", "{1} 应为{0}，实际为 {2}") \
  X(what_a_number, "a number", "数字") \
  X(what_a_whole_number, "a whole number", "整数") \
  X(what_one_of, "one of {}", "以下之一：{}") \
  X(hint_write_number_unquoted, "write the number without quotes", "数字请不要加引号") \
  X(hint_write_whole_such_as, "write a whole number such as 8", "请写整数，例如 8") \
  X(hint_write_plain_number, "write a plain number such as 80 or 23.92", "请写纯数字，例如 80 或 23.92") \
  X(err_field_out_of_range, "{0} {1} is out of range (must be {2})", "{0} {1} 超出范围（应为 {2}）") \
  X(err_field_not_finite, "{0} {1} is not a finite number", "{0} {1} 不是有限的数") \
  X(hint_write_finite, "write a finite number", "请写有限的数") \
  X(err_field_not_whole, "{0} {1} is not a whole number", "{0} {1} 不是整数") \
  X(err_unknown_field_value, "unknown {0} {1}", "{0} 的取值 {1} 未知") \
  X(err_names_unknown_record, "offering {0} names {1} {2}, which no catalog file defines", "方案 {0} 引用的 {1} {2} 在所有目录文件中都未定义") \
  X(hint_add_provider, "add it under providers: or fix the id", "请在 providers: 下添加它，或修正 ID") \
  X(err_record_missing_keys, "{0} {1} (introduced in {2}) is missing required keys: {3}", "{0} {1}（在 {2} 中引入）缺少必需的键：{3}")
// clang-format on
