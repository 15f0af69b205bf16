#pragma once
// The rows of the message catalogue (gpuselect/messages.hpp): X(id, English, Simplified Chinese).
// The id is stable: renaming one is a change for translators, not a refactoring. Terms follow the
// guides' own words: 按需 (on-demand; the consoles' 按量付费), 包年包月 (monthly/yearly), 竞价实例 (spot), 预留实例
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
  X(mode_reserved_1y, "reserved-1y", "1 年期预留实例") \
  X(mode_reserved_3y, "reserved-3y", "3 年期预留实例") \
  X(mode_monthly, "monthly", "包月") \
  X(mode_yearly, "yearly", "包年") \
  X(mode_owned, "owned", "自有") \
  X(mode_all, "all modes", "所有计费方式") \
  /* the job summary's labels (header of table, markdown, html) */ \
  X(fact_job, "Job", "任务") \
  X(fact_tokens, "Tokens", "数据量") \
  X(fact_serving, "Serving", "推理服务") \
  X(fact_session, "Session", "会话") \
  X(fact_plan, "Plan", "并行策略") \
  X(fact_headroom, "Headroom", "显存余量") \
  X(fact_time, "Time", "时间") \
  X(fact_deadline, "Deadline", "截止时间") \
  X(fact_turnaround, "Speed", "周转时间") \
  X(fact_risk, "Risk", "风险") \
  X(fact_weights, "Weights", "权重") \
  X(fact_currency, "Currency", "货币") \
  X(fact_prices, "Prices", "价格") \
  X(fact_discount, "Discount", "折扣") \
  /* the job summary's values */ \
  X(summary_model_params, "{0}: {1} ({2} params)", "{0}：{1}（{2} 参数）") \
  X(summary_mxfp4_release, "MXFP4 weights as released", "MXFP4 权重（按发布格式）") \
  X(summary_model_assumed, " ASSUMED: no --model or --params given (e.g. --model llama-3-8b, --params 70B)", "（假定：未给出 --model 或 --params，例如 --model llama-3-8b、--params 70B）") \
  X(summary_model_assumed_diffusion, " ASSUMED: no --model given (e.g. --model sdxl, --model flux.1-dev)", "（假定：未给出 --model，例如 --model sdxl、--model flux.1-dev）") \
  X(summary_model_assumed_vision, " ASSUMED: no --model or --params given (e.g. --model resnet-50, --model vit-b-16, --params 25M)", "（假定：未给出 --model 或 --params，例如 --model resnet-50、--model vit-b-16、--params 25M）") \
  X(summary_seq, "seq {} x ", "序列长度 {} × ") \
  X(summary_micro_batch_searched, "micro-batch searched per plan", "微批大小按并行策略搜索") \
  X(summary_micro_batch, "micro-batch {}", "微批大小 {}") \
  X(summary_tokens, "{} tokens", "{} 个 token") \
  X(summary_images, "{} images", "{} 张图像") \
  X(summary_default_for, " (default for {})", "（{} 的默认值）") \
  X(summary_images_epochs, " ({0} images x {1} epochs)", "（{0} 张图像 × {1} 轮）") \
  X(summary_images_epochs_prior, " ({0} instance images x {1} epochs, each with a class image)", "（{0} 张实例图像 × {1} 轮，每张另加一张类别图像）") \
  X(summary_steps_batch_prior, " ({0} optimizer steps x batch {1}, each image with a class image)", "（{0} 个优化器步 × 批大小 {1}，每张图像另加一张类别图像）") \
  X(summary_steps_batch, " ({0} optimizer steps x batch {1})", "（{0} 个优化器步 × 批大小 {1}）") \
  X(summary_batch_auto, "auto", "自动") \
  X(summary_p90, "{0} (p90 {1})", "{0}（p90 {1}）") \
  X(summary_llm_serving, "context {0}, batch {1}, {2} req/s ({3} in / {4} out tokens{5}), targets TTFT {6} ms{7}, TPOT {8} ms", "上下文 {0}，批大小 {1}，{2} req/s（输入 {3} / 输出 {4} token{5}），目标 TTFT {6} ms{7}，TPOT {8} ms") \
  X(summary_mix_mean, ", mean", "，均值") \
  X(summary_mix_p90_prompt, " at the p90 prompt", "（p90 提示长度）") \
  X(summary_images_per_s, "{} images/s", "{} 张图像/s") \
  X(summary_diffusion_image, "{0}{1}x{1} px", "{0}{1}x{1} 像素") \
  X(summary_diffusion_steps, "{0}{1} steps per image", "{0}每张图 {1} 步") \
  X(summary_tier, ", {0} tier, replicas at most {1}% busy, N+{2}", "，{0}服务等级，副本利用率不超过 {1}%，N+{2}") \
  X(summary_notebook, "interactive, priced for {}; spot only when --pricing names it (a reclaim ends the session)", "交互式，按 {} 计价；仅当 --pricing 指定时才用竞价实例（回收会结束会话）") \
  X(summary_priced_for, "priced for {}", "按 {} 计价") \
  X(summary_weights_label, "weights", "权重") \
  X(summary_currency_usd, "{} (other currencies converted at the catalog's per-USD rates)", "{}（其他货币按目录中的美元汇率换算）") \
  X(summary_currency_rate, "{0} (1 USD = {1} {0}", "{0}（1 USD = {1} {0}") \
  X(summary_rate_as_of, ", rate as of {}", "，汇率日期 {}") \
  X(summary_close, ")", "）") \
  X(summary_list_separator, ", ", "，") \
  X(fact_plan_varies, "{} for #1; each offering gets the fastest plan that fits it", "#1 为 {}；每个方案各取其能容纳的最快并行策略") \
  X(fact_headroom_value, "{:g}% of GPU memory kept free (fragmentation, NCCL buffers, transient peaks; --min-headroom)", "保留 {:g}% 的显存（碎片、NCCL 缓冲区、瞬时峰值；--min-headroom）") \
  X(fact_headroom_in_gpu_value, "{0:g}% of GPU memory kept free (fragmentation, NCCL buffers, transient peaks; --min-headroom); {1:g}% with everything on the GPUs where keeping {0:g}% would need CPU offload (several times slower steps and a host-RAM load: the larger risk)", "保留 {0:g}% 的显存（碎片、NCCL 缓冲区、瞬时峰值；--min-headroom）；若保留 {0:g}% 需要 CPU 卸载，则全部留在 GPU 上并保留 {1:g}%（卸载使每步慢数倍并占用主机内存，风险更大）") \
  X(fact_time_value, "to result = machine setup and data staging (billed) + run + expected spot interruptions + queue + wait for capacity", "总用时（至出结果）= 机器准备和数据预置（计费）+ 运行 + 预期的竞价实例中断 + 排队 + 等待资源") \
  X(fact_turnaround_default, "{0} turnaround (default for fine-tuning and vision training; set a tighter one with --deadline): a run ending within it (wait for capacity at 9 in 10 odds) scores as the fastest", "{0}，为微调和视觉训练的默认值，可用 --deadline 设得更紧。在此之内结束的运行在速度上与最快者同分（等待资源按九成把握计）") \
  X(fact_turnaround_default_looser, "{0} turnaround (this workload's default; the looser --deadline {1} only excludes rows that miss it): a run ending within it (wait for capacity at 9 in 10 odds) scores as the fastest", "{0}，为此类任务的默认值（更宽松的 --deadline {1} 只排除赶不上它的方案）。在此之内结束的运行在速度上与最快者同分（等待资源按九成把握计）") \
  X(fact_turnaround_horizon, "{0} planning horizon (pretraining, no --deadline): ending within it scores as the fastest, a little less for each day of it used; --deadline or --profile speed-first buys speed", "{0} 规划期（预训练，未给 --deadline）：在此之内结束即按最快计分，每多用一天略减分；用 --deadline 或 --profile speed-first 换取速度") \
  X(fact_turnaround_deadline, "{0} turnaround, the --deadline: a run that ends within it scores on speed as the fastest", "{0}，即 --deadline：在此之内结束的运行在速度上与最快者同分") \
  X(fact_deadline_value, "{0} met at {1:g}% confidence ({2}): the chance of ending within it, from the time band, spot interruptions and the wait for capacity", "{0}，置信度 {1:g}%（{2}）：按时间区间、竞价实例中断和等待资源估算的按时完成概率") \
  X(fact_deadline_value_band_top, "{0} met at {1:g}% confidence ({2}): the chance of ending within it, from the time band, spot interruptions and the wait for capacity; and by each row's time band's top, with the wait at 9 in 10 odds (--risk-averse)", "{0}，置信度 {1:g}%（{2}）：按时间区间、竞价实例中断和等待资源估算的按时完成概率；且每行时间区间的上端（等待资源取九成把握）也在截止时间内（--risk-averse）") \
  X(fact_risk_value, "ranked on the pessimistic end (90th percentile) of each time and cost band (--risk-averse); costs shown are that end, times the expected (10th-90th)", "按每个时间和成本区间的悲观端（第 90 百分位）排名（--risk-averse）；显示的成本为该端，时间为期望值（第 10–90 百分位）") \
  X(fact_prices_value, "built-in catalog + prices updated {0} ({1})", "内置目录 + {0} 更新的价格（{1}）") \
  X(fact_discount_every, "{:g}% off every price", "所有价格减 {:g}%") \
  X(fact_discount_modes, "{} off", "减 {}") \
  X(fact_discount_mode, "{0:g}% {1}", "{1} {0:g}%") \
  X(fact_discount_tail, "{} (discount_pct; prices shown are after it)", "{}（discount_pct；显示的价格已扣除折扣）") \
  X(plan_pipeline_per_node, " x PP {} (one stage per node)", " × PP {}（每节点一个阶段）") \
  X(plan_batch_per_replica, ", batch {} per replica", "，每副本批大小 {}") \
  X(plan_gpus_nodes, ", {0} GPU{1} x {2} node{3}", "，{0} GPU × {2} 节点") \
  X(plan_offload, ", {} offload", "，{}卸载") \
  X(plan_micro_batch, ", micro-batch {}", "，微批 {}") \
  /* the HTML report */ \
  X(html_lang, "en", "zh-CN") \
  X(html_fact_plan_first, "Plan (#1)", "并行策略（#1）") \
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
  X(sla_with_credits, "{}% SLA with credits", "{}% SLA，违约有赔付") \
  X(sla_without_credits, "{}% SLA without credits", "{}% SLA（违约无赔付）") \
  X(fact_spot_serving, "serving on spot: no availability (--allow-spot-serving to accept)", "在竞价实例上提供服务：无可用性保证（--allow-spot-serving 可接受）") \
  X(fact_spot, "spot, {2}, {0} of instances interrupted a month, {1} chance this job runs without one", "竞价实例，{2}，每月 {0} 的实例会被中断，本作业 {1} 的概率不被中断") \
  X(fact_auto_checkpoint, "automatic checkpoints", "自动检查点") \
  X(fact_deadline_chance, "{0} chance of ending within the deadline", "{0} 的把握在截止时间内完成") \
  X(fact_stock_low, "stock low", "库存偏低") \
  X(fact_stack_weak, "{0} weak on this GPU (W-SOFTWARE-STACK)", "{0} 在此 GPU 上支持较弱（W-SOFTWARE-STACK）") \
  X(fact_stack_unsupported, "{0} unsupported on this GPU (--allow-immature-stack)", "{0} 在此 GPU 上不受支持（--allow-immature-stack）") \
  X(fact_memory_free, "{}% GPU memory free", "显存空闲 {}%") \
  X(reason_in_gpu_headroom, "kept {0}% of GPU memory free with everything on the GPUs: keeping {1}% needs CPU offload", "全部留在 GPU 上，保留 {0}% 显存：保留 {1}% 需要 CPU 卸载") \
  X(fact_memory_free_in_gpu, "{0}% GPU memory free (kept {1}% with everything on the GPUs: keeping {2}% needs CPU offload)", "显存空闲 {0}%（全部留在 GPU 上，保留 {1}%：保留 {2}% 需要 CPU 卸载）") \
  X(fact_gpu_segment, "{} GPU", "{} GPU") \
  X(fact_gpus_in_service, "{0} GPUs in service: {1}% chance of a month without a GPU failure", "{0} 块 GPU 在线服务：{1}% 的概率一个月内无 GPU 故障") \
  X(fact_within_turnaround, "{0}, within the {1} turnaround (faster earns nothing more)", "{0}，在 {1} 的周转时间内，更快不再加分") \
  X(fact_past_turnaround, "{0}, but {1} with the wait for capacity at 9 in 10 odds, past the {2} turnaround", "{0}，但按九成把握计入等待资源后为 {1}，超出 {2} 的周转时间") \
  X(fact_vs_fastest, "{0} vs fastest {1}", "{0}，最快 {1}") \
  X(fact_past_horizon_slow_end, "{0}, but up to {1} at its time band's slow end, past a pretraining run's {2} planning horizon", "{0}，但按时间区间慢端可达 {1}，超出预训练 {2} 的规划期") \
  X(fact_within_horizon_slack, "{0}, within a pretraining run's {1} planning horizon with {2} to spare (no --deadline: a run that ends within it scores as the fastest, a little less for each day of it used; --deadline or --profile speed-first buys speed)", "{0}，在预训练 {1} 的规划期内，仍余 {2}（未给 --deadline：在规划期内结束即按最快计分，每多用一天略减分；用 --deadline 或 --profile speed-first 换取速度）") \
  X(fact_within_deadline_slack, "{0}, within the {1} deadline with {2} to spare at the slow end (a run that leaves half of it free scores the most)", "{0}，在 {1} 的截止时间内，按慢端仍余 {2}（留出一半时间的得分最高）") \
  X(fact_within_deadline_slack_confidence, "{0}, within the {1} deadline with {2} to spare at {3}% confidence (a run that leaves half of it free scores the most)", "{0}，在 {1} 的截止时间内，按 {3}% 置信度仍余 {2}（留出一半时间的得分最高）") \
  X(fact_hours_band_top, "{0} at the pessimistic end (--risk-averse)", "按悲观端 {0}（--risk-averse）") \
  X(fact_meets_latency, "meets the latency targets: TPOT {0} ms, TTFT {1} ms at batch {2}; at the load's batch {3}, TPOT up to {4} ms and TTFT up to {5} ms (90th percentile)", "满足延迟目标：批大小 {2} 时 TPOT {0} ms，TTFT {1} ms；按负载的批大小 {3}，TPOT 最多 {4} ms，TTFT 最多 {5} ms（第 90 百分位）") \
  X(fact_carries_load, "carries the load: {0} images/s per replica, {1}% busy", "可承载负载：每副本 {0} 张图像/s，利用率 {1}%") \
  X(fact_decode_vs_best, "{0} decode tokens/s per replica vs best {1}", "每副本解码 {0} token/s，最佳 {1}") \
  X(fact_tflops_vs_best, "{0} dense 16-bit TFLOPS vs best {1}", "稠密 16 位算力 {0} TFLOPS，最佳 {1}") \
  X(fact_nodes_over, "{0} nodes over {1}", "{0} 节点，经 {1} 互联") \
  X(fact_nodes_over_ethernet, "{0} nodes over Ethernet without RDMA", "{0} 节点，经以太网互联（无 RDMA）") \
  X(fact_vs_cheapest, "{0} vs cheapest {1}", "{0}，最便宜 {1}") \
  X(fact_vs_cheapest_on_demand, "{0} vs {1} for the same load and hours on demand (outside --pricing)", "{0}，按需运行同样负载和时长只需 {1}（不在 --pricing 之内）") \
  X(fact_vs_cheapest_paid, "{0} vs cheapest paid {1}", "{0}，最便宜的付费方案 {1}") \
  X(fact_scored_upper, "scored at its price's upper end, {0}{2}, against the lowest credible price, {1}", "按价格上限计为 {0}{2}，对比最低可信价格 {1}") \
  X(fact_suspect_quote, " (a suspect spot quote)", "，系可疑的竞价报价") \
  X(fact_quote_age_band, " (the quote's age band)", "，该上限已按报价时效放宽") \
  X(fact_estimated_price, " (an estimated price, taken up to 20% dearer)", "，该上限已按估算价格上浮 20%") \
  X(fact_estimated_and_age, " (an estimated price, taken up to 20% dearer, and the quote's age band)", "，该上限已按估算价格上浮 20% 并按报价时效放宽") \
  X(fact_whole_commitment, "the whole {} commitment", "计入整个{}承诺金额") \
  X(fact_term_window, "this window's share of a {} term the service runs whole", "服务将用满的{}期限中本窗口所占的部分") \
  X(fact_incl_interruptions, "incl. {} expected interruptions", "含预期中断损失 {}") \
  X(fact_incl_hidden, "incl. {} egress, IP and storage", "含出网流量、公网 IP 和存储 {}") \
  X(fact_ready_in, "ready in {} min", "{} 分钟就绪") \
  X(fact_custom_containers, "custom containers", "自定义容器") \
  X(fact_framework_images, "{} framework images", "{} 个框架镜像") \
  X(fact_support_tier, "{} support", "{}支持") \
  X(fact_support_business, "business", "工作时间") \
  X(fact_support_extended, "extended", "延长时段服务（非 7×24）") \
  X(fact_support_community, "community", "社区") \
  X(fact_support_basic, "basic", "基础") \
  X(fact_support_standard, "standard", "标准") \
  X(fact_support_premium, "premium", "高级") \
  X(fact_support_enterprise, "enterprise", "企业") \
  X(fact_support_24x7, "24x7", "7×24 小时") \
  X(fact_first_answer, "first answer in {} h", "首次响应 {} h") \
  X(fact_input_bound, "{0} vCPUs decode ~{1:.0f} img/s of the ~{2:.0f}", "{0} 个 vCPU 每秒解码约 {1:.0f} 张图像，GPU 可处理约 {2:.0f} 张") \
  X(fact_rival, "#{0} {1} {2}: {3} in {4}", "#{0} {1} {2}：{3}，用时 {4}") \
  X(fact_own, "{0} in {1}", "{0}，用时 {1}") \
  X(fact_rival_latency, "#{0} {1} {2}: {3} at {4}", "#{0} {1} {2}：{3}，延迟 {4}") \
  X(fact_own_latency, "{0} at {1}", "{0}，延迟 {1}") \
  X(fact_latency_token, "{0} ms a token at the load", "负载下每 token {0} ms") \
  X(fact_latency_image, "{0} s an image", "每张图 {0} s") \
  /* explanations: the sentences */ \
  X(kind_strongest, "strongest", "最强项") \
  X(kind_weakest, "weakest", "最弱项") \
  X(sentence_criterion, "{0}: {1} {2}/100: {3}", "{0}：{1} {2}/100：{3}") \
  X(sentence_first_by, "first by {0} points over {1}", "领先 {1} {0} 分") \
  X(sentence_first_tie_cheaper, "level on score with {0}, first as the cheaper ({1})", "与 {0} 得分持平，因更便宜排第一（{1}）") \
  X(sentence_first_tie_sooner, "level on score and cost with {0}, first as the sooner ({1})", "与 {0} 得分和费用持平，因更早出结果排第一（{1}）") \
  X(sentence_first_tie, "level on score, cost and time with {0}{1}, first in offering-id order", "与 {0} 得分、费用和用时持平{1}，按方案 ID 顺序排第一") \
  X(sentence_would_win, "would rank first with {0} weight {1}", "{0}权重为 {1} 时将排名第一") \
  X(sentence_cannot_win, "no change of a single weight puts it first", "调整任何单一权重都无法使其排名第一") \
  X(sentence_gain, "{0} +{1} points (this row: {2}; that row: {3})", "{0} +{1} 分（本方案：{2}；对方：{3}）") \
  X(sentence_wins_over, "ranks above cheaper-or-faster {0} (this: {1}) on {2}", "排名高于更便宜或更快的 {0}（本方案：{1}），胜在{2}") \
  X(sentence_rounding, "rounding", "四舍五入") \
  X(sentence_spot_cheaper, "would be the cheapest ({}) if spot were allowed", "若允许竞价实例，将是最便宜的（{}）") \
  X(sentence_spot_cheaper_removed, "would be the cheapest ({0}) on spot, removed here by {1}", "用竞价实例将是最便宜的（{0}），但此处被{1}排除") \
  X(sentence_input_bound, "input pipeline bound: {} the GPUs could take", "受输入管线限制：{}") \
  /* exclusion reasons (scoring::reason_text) */ \
  X(reason_memory_headroom, "needs {0} per GPU of its {1}, more than it holds with the headroom kept free (--min-headroom)", "每 GPU 需要 {0}（共 {1}），超过保留余量后的可用显存（--min-headroom）") \
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
  X(w_spot_no_checkpoints, "; without checkpoints (--checkpoint-minutes 0) a reclaim restarts the whole {0} run from the start", "；没有检查点（--checkpoint-minutes 0），一次回收即从头重跑整个 {0} 的任务") \
  X(w_spot_deadline, "; {0} chance of ending within the {1} deadline", "；{0} 的概率在 {1} 截止时间内完成") \
  X(w_sentence_end, ".", "。") \
  X(w_spot_replacements, "Expected {0} replacement starts over {1} instance{2} ({3} down in all).", "预期 {1} 个实例共重新启动 {0} 次（共停机 {3}）。") \
  X(w_spot_serving, "Serving on spot: {0} can reclaim an instance with {1}, and {2} are interrupted, so the service has no availability promise; stability scores 0. Pass --allow-spot-serving if the service tolerates it.", "在竞价实例上提供服务：{0} 可回收实例（{1}），{2}会被中断，服务没有可用性保证；稳定性得 0 分。若服务能容忍，请加 --allow-spot-serving。") \
  X(w_vgpu, "A shared vGPU ({}% of one card): other tenants on the same card can add 30-40% jitter to step times.", "共享 vGPU（一张卡的 {}%）：同一张卡上的其他租户会使步时抖动 30-40%。") \
  X(w_egress, "{0} charges {1} {2} per GB leaving its cloud: the data moved out costs {3}, {4} of this row.", "{0} 对流出其云的数据每 GB 收取 {1} {2}：迁出数据花费 {3}，占本方案成本的 {4}。") \
  X(w_public_ip, "Public IPv4 addresses at {0} {1} per hour each cost {2}, {3} of this row.", "公网 IPv4 地址每个每小时 {0} {1}，共 {2}，占本方案成本的 {3}。") \
  X(w_limited_stock, "Stock of {0} is reported low{1}: capacity may not be there when you launch.", "{0} 的库存偏低{1}：开通时可能没有资源。") \
  X(w_estimated, " (estimated)", "（估算）") \
  X(w_cluster_capacity, "{0} GPUs {1} at once: {2}x what a {3}-stock SKU usually has free (about {4}, judgement); the {5} wait assumes they are there: ask {6} for a reserved block first.", "一次{1}申请 {0} 块 GPU：是库存{3}的规格通常空闲量（约 {4}，经验判断）的 {2} 倍；{5} 的等待时间假定资源存在：请先向 {6} 申请预留资源。") \
  X(w_on_spot, "on spot", "以竞价实例") \
  X(w_on_demand, "on demand", "按需") \
  X(w_sla_without_credits, "{0} promises {1}% uptime but pays no service credits when it misses.", "{0} 承诺 {1}% 的可用性，但未达标时不提供服务赔付。") \
  X(w_resize_restart, "{} resizes instances by stopping and restarting them: \"elastic\" scaling interrupts what runs on it.", "{} 通过停止并重启实例来调整规格：所谓“弹性”伸缩会中断正在运行的任务。") \
  X(w_stale_price, "The price was read on {0}, more than {1} days ago: list prices change a few times a year; refresh the catalog (gpuselect catalog update) or check the provider's page before you rent.", "价格读取于 {0}，已超过 {1} 天：标价一年会变动数次；租用前请更新目录（gpuselect catalog update）或查看云厂商的价格页面。") \
  X(w_pcie_training, "{0} GPUs per node talk over {1}: gradient all-reduce is several times slower than over NVLink, and the estimate assumes a lower MFU for it.", "每节点 {0} 块 GPU 经 {1} 通信：梯度 all-reduce 比 NVLink 慢数倍，估算已为此假定较低的 MFU。") \
  X(w_no_rdma, "{0} nodes without RDMA ({1} Gbit/s Ethernet): multi-node training loses a large share of its speed to communication.", "{0} 个节点无 RDMA（{1} Gbit/s 以太网）：多节点训练的大部分速度会损失在通信上。") \
  X(share_under_one_pct, "under 1%", "不到 1%") \
  X(w_no_rdma_share, "{0} nodes without RDMA ({1} Gbit/s Ethernet): communication is {2} of each training step here (estimated), and collectives over TCP are less predictable than over RDMA: a congested or degraded link stretches every step.", "{0} 个节点无 RDMA（{1} Gbit/s 以太网）：此处通信占每个训练步骤的 {2}（估计），且 TCP 上的集合通信不如 RDMA 稳定：链路拥塞或降速会拖慢每一步。") \
  X(w_no_rdma_serving, "{0} nodes without RDMA ({1} Gbit/s Ethernet): a replica spread over them passes its activations between nodes over TCP at every token, slower per token and down whenever any of its nodes is.", "{0} 个节点无 RDMA（{1} Gbit/s 以太网）：跨这些节点的副本每个 token 都要经 TCP 在节点间传递激活，单 token 更慢，且任一节点故障副本即不可用。") \
  X(w_over_provisioned, "{0} of the {1} GPUs rented would sit idle ({2} of {3} carry the load or stand by as its spares): {4} of this row's cost ({5}) pays for idle GPUs; a smaller instance of the same GPU, where one is sold, wastes less.", "租用的 {1} 块 GPU 中有 {0} 块闲置（{2}/{3} 块承担负载或作为备用）：本方案成本中的 {4}（{5}）花在闲置 GPU 上；若有同型号 GPU 的更小实例，浪费更少。") \
  X(w_over_provisioned_serving, "{0} of the {1} GPUs rented are beyond what the load needs ({2} of {3} carry it or stand by as its spares): they run extra replicas, which only lowers latency, and {4} of this row's cost ({5}) pays for them; a smaller instance of the same GPU, where one is sold, costs less.", "租用的 {1} 块 GPU 中有 {0} 块超出负载所需（{2}/{3} 块承担负载或作为备用）：它们运行额外副本，只降低延迟；本方案成本中的 {4}（{5}）花在这些 GPU 上；若有同型号 GPU 的更小实例，成本更低。") \
  X(w_cpu_offload_share, "The plan offloads {0} to CPU memory ({1} per node): its transfers and CPU optimizer step are {2} of each training step here (estimated), but it needs DeepSpeed's CPU optimizer (ZeRO-Offload) and the host's RAM, and a busy host slows every step.", "该并行策略将{0}卸载到 CPU 内存（每节点 {1}）：其传输和 CPU 优化器步骤占每个训练步骤的 {2}（估计），但需要 DeepSpeed 的 CPU 优化器（ZeRO-Offload）和主机内存，主机繁忙时每一步都会变慢。") \
  X(w_cpu_offload, "The plan offloads {0} to CPU memory ({1} per node): steps are much slower than on GPUs that hold everything.", "该并行策略将{0}卸载到 CPU 内存（每节点 {1}）：步时比全部放在 GPU 上慢得多。") \
  X(w_marketplace, "{} is a marketplace: hosts belong to third parties whose reliability, security and network vary.", "{} 是算力市场：主机属于第三方，可靠性、安全性和网络参差不齐。") \
  X(w_consumer_serving, "{0} is a consumer GeForce card: NVIDIA's GeForce driver licence excludes data-center deployment (section 2.1.3) and NVIDIA does not design these cards for 24x7 service; check {1}'s terms before a production service depends on it.", "{0} 是消费级 GeForce 显卡：NVIDIA GeForce 驱动许可不允许数据中心部署（第 2.1.3 节），且这类显卡并非为 7×24 小时服务设计；生产服务依赖它之前请查看 {1} 的条款。") \
  X(w_term_overrun, "{0} chance the run ends within the {1} its term commits (its band reaches {2} at the 90th percentile): a slow run needs a renewal or on-demand hours for the rest; more nodes end it sooner.", "本作业在所承诺期限的 {1} 内完成的概率为 {0}（其区间第 90 百分位为 {2}）：若运行偏慢，剩余部分需续约或按需；增加节点可更早完成。") \
  X(w_deadline_in_band, "{0} chance of ending within the {1} deadline: the deadline lies inside this row's own time band ({2}-{3} to result, 10th-90th percentile, with the wait for capacity), so its slack is no margin.", "{0} 的概率在 {1} 截止时间内完成：截止时间落在本方案自身的时间区间内（出结果 {2}-{3}，第 10–90 百分位，含等待资源），看似有余量其实并不可靠。") \
  X(w_spot_quote_old, "Spot quote of {0}, a market price fresh for about 14 days: check today's price first; ranked at up to {1} (estimated).", "竞价报价日期为 {0}，市场价格约 14 天内有效：请先查看当天价格；按最高 {1} 排名（估算）。") \
  X(w_spot_quote_unanchored, "Spot quote of {0}, {2} days old: a spot price says nothing of today's after about {3} days, and the region sells no on-demand to cap it, so the row is ranked at up to {1}, its cost band's upper end: check today's price first (estimated).", "竞价报价日期为 {0}，已有 {2} 天：竞价价格约 {3} 天后便无法反映当天价格，且该区域没有按需价格可作上限，因此本方案按最高 {1}（成本区间上限）排名：请先查看当天价格（估算）。") \
  X(w_spot_quote_no_saving, "Spot quote of {0}: a spot market price says nothing of today's after about {3} days, so the row is ranked at up to {1}, as much as on demand, and credited no saving until today's spot price is checked (estimated).", "竞价报价日期为 {0}：竞价市场价格约 {3} 天后便无法反映当天价格，因此本方案按最高 {1}（与按需相当）排名，在核实当天竞价价格之前不计任何节省（估算）。") \
  X(w_price_implausible, "The quote is implausible: {0}{1}; check the catalog first (gpuselect catalog validate names the likely slip).", "报价不可信：{0}{1}；请先核对目录（gpuselect catalog validate 会指出可能的笔误）。") \
  X(w_price_ranked_at_market, "; the row is ranked at up to {0}, at the median price per GPU-hour of its GPU's offerings", "；本方案按最高 {0}（同款 GPU 各方案每 GPU 小时价格的中位数）排名") \
  X(w_price_below_market, "its price per GPU-hour is {0}x below the cheapest other offering of the {1}", "其每 GPU 小时价格比 {1} 的其他方案中最便宜的还低 {0} 倍") \
  X(w_price_and, ", and ", "，且") \
  X(w_price_future, "its quote is dated {0}, after today (its age is not known)", "其报价日期为 {0}，晚于今天（报价时长未知）") \
  X(w_spot_quote_suspect, "The spot quote is suspect: {0}; the row is marked estimated and ranked at up to {1} (its cost band's upper end){2}.", "竞价报价可疑：{0}；本方案标记为估算，并按最高 {1}（成本区间上限）排名{2}。") \
  X(w_spot_quote_deep, "below 10% of on-demand, deeper than any provider's advertised spot discount (90-91%)", "低于按需价格的 10%，比任何云厂商公布的竞价折扣（90-91%）都低") \
  X(w_spot_quote_lull, "below 25% of on-demand on a low-stock SKU: a lull in one zone, not a price a job gets for its hours", "低库存规格上低于按需价格的 25%：只是某个可用区的短暂低价，任务整个运行期间拿不到") \
  X(w_spot_quote_age, "; the quote is {} days old", "；报价已有 {} 天未更新") \
  X(w_queued, "The job waits {0} in {1}'s queue before it starts (availability.queue_hours); its time to result and the deadline check include the wait, its cost does not.", "任务开始前需在 {1} 的队列中等待 {0}（availability.queue_hours）；总用时（至出结果）和截止时间检查包含此等待，成本不包含。") \
  X(w_software, "{0}; {1}.", "{0}；{1}。") \
  X(w_software_unsupported, "ranked only because --allow-immature-stack was given: expect to port or patch kernels", "仅因给出 --allow-immature-stack 才参与排名：需要移植或修补算子") \
  X(w_software_weak, "expect slower kernels or a preview port; test the stack before renting at scale", "算子可能较慢或仅有预览版移植；大规模租用前请先测试软件栈") \
  X(w_input_bound, "Input pipeline bound: {0} vCPUs decode ~{1:.0f} img/s but the GPUs could take ~{2:.0f} img/s, so they wait {3} of the time; {4}.", "受输入管线限制：{0} 个 vCPU 每秒解码约 {1:.0f} 张图像，而 GPU 可处理约 {2:.0f} 张，GPU 有 {3} 的时间在等待；{4}。") \
  X(w_input_gpu_loader, "--data-loader gpu (NVIDIA DALI) decodes on the GPUs, or pick a machine with more vCPUs per GPU", "可用 --data-loader gpu（NVIDIA DALI）在 GPU 上解码，或选择每 GPU vCPU 更多的机器") \
  X(w_input_more_vcpus, "pick a machine with more vCPUs per GPU", "请选择每 GPU vCPU 更多的机器") \
  X(w_estimated_term, "The {0} commitment, {1}, rests on a price the catalog marks estimated (derived, not read from the provider): get the provider's quote before you commit.", "{0} 承诺金额 {1} 基于目录标为估算的价格（推算而非读自云厂商）：承诺前请先取得云厂商报价。") \
  X(w_reserved, "A {0} term commits {1} ({2} h x {3}/h for {4} instance{5}); this job uses {6} of it{7}.", "{0} 期限承诺 {1}（{2} h × {3}/h，{4} 个实例）；本任务使用其中的 {6}{7}。") \
  X(w_reserved_charged, ", and the whole commitment is its cost (--reserved-other-use if the term has other work)", "，整个承诺金额计为其成本（若期限内有其他工作，请加 --reserved-other-use）") \
  X(w_reserved_service_runs, "; the service is taken to run the whole term, so this window is charged its own hours (--hours to price a shorter service, which pays the whole term)", "；假定服务运行整个期限，因此本计价窗口只计其自身小时数（用 --hours 为更短的服务计价，则须支付整个期限）") \
  X(w_reserved_hours_only, "; only the job's hours are charged (--reserved-other-use)", "；只计任务使用的小时（--reserved-other-use）") \
  /* the ranked table and its sections */ \
  X(col_offering, "offering", "方案") \
  X(col_gpus, "GPUs", "GPU") \
  X(col_mode, "mode", "计费方式") \
  X(col_region, "region", "地域") \
  X(col_memory_per_gpu, "mem/GPU", "显存/GPU") \
  X(col_time, "time", "时间") \
  X(col_tpot_at_batch, "TPOT@batch", "TPOT@批大小") \
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
  X(name_with_mode, "{0} ({1})", "{0}（{1}）") \
  X(col_per_million_tokens, "per M tokens", "每百万 token 成本") \
  X(col_per_thousand_images, "per 1000 images", "每千张图像成本") \
  X(col_per_million_tok_short, "per M tok", "每百万 token") \
  X(col_per_thousand_img_short, "per 1k img", "每千张图像") \
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
  X(exclusion_release_precision, "the model's {0} weights (served as released; those GPUs have no {0} units)", "模型以 {0} 发布的权重（这些 GPU 没有 {0} 单元）") \
  X(detail_replica_needs_rdma, "a replica over {0} nodes would fit, but production serving spans nodes only over RDMA, which this offering lacks (--serving-tier development spans them over TCP)", "跨 {0} 个节点的副本可以装下，但生产级服务只通过 RDMA 跨节点，该方案没有 RDMA（--serving-tier development 可通过 TCP 跨节点）") \
  X(hint_clause_replica_needs_rdma, "; {0} offering{1} ({2} first) would hold a replica over several nodes but lack{3} the RDMA production serving needs to span them: --serving-tier development ranks {4} over TCP", "；{0} 个方案（首个为 {2}）可在多个节点上容纳一个副本，但缺少生产级服务跨节点所需的 RDMA：--serving-tier development 会按 TCP 跨节点排名") \
  X(rule_lifted_by, "the rule {} lifts", "{} 可解除的规则") \
  X(none_fits_levers, " {0} alone removed {1} candidate{2}; the hint below says how to bring them back.", "{0} 单独排除了 {1} 个候选；下方提示说明如何纳入。") \
  X(none_fits_most_removed, " Most were removed by {}.", "多数方案被 {} 排除。") \
  X(count_line, "Showing {0} of {1} candidates", "显示 {1} 个候选中的 {0} 个") \
  X(count_line_more, " (--top N for more)", "（--top N 显示更多）") \
  X(count_line_excluded, "; {} excluded", "；已排除 {} 个") \
  X(count_line_end, ".", "。") \
  X(pareto_legend, "{} on the cost-time Pareto frontier (no other row is both cheaper and faster)", "{} 位于成本-时间帕累托前沿（没有其他方案同时更便宜且更快）") \
  X(pareto_legend_latency, "{} on the cost-latency Pareto frontier (the latency a request sees at the load; no other row is both cheaper and quicker)", "{} 位于成本-延迟帕累托前沿（按负载下单个请求的延迟；没有其他方案同时更便宜且更快）") \
  X(pareto_below, "the frontier's rows below those shown: {0}{1}; --top {2} shows them", "未显示的前沿方案：{0}{1}；--top {2} 可显示") \
  X(pareto_below_more, ", and {} more", "，另有 {} 个") \
  X(pareto_legend_markdown, "\\* on the cost-time Pareto frontier.", "\\* 位于成本-时间帕累托前沿。") \
  X(estimated_legend, "{} estimated: the price or spot interruption rate behind this cost is derived, not published (--format json lists every estimated figure per row).", "{} 估算：此成本所依据的价格或竞价实例中断率为推算值，并非公开数据（--format json 按行列出每个估算值）。") \
  X(card_score, "score {}", "得分 {}") \
  X(card_per_gpu, "{} per GPU", "每 GPU {}") \
  X(card_time, "time {}", "时间 {}") \
  X(card_images_per_s, "img/s {}", "图像/s {}") \
  X(card_tpot, "TPOT@batch {}", "TPOT@批大小 {}") \
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
  X(label_instances, "{0} x{1} instances", "{0}，{1} 台实例") \
  X(html_title_recommend, "gpuselect recommendation", "gpuselect 推荐") \
  /* run-wide notes (scoring::run_notes, Ranking::Note) */ \
  X(note_stale_prices, "Prices of {0} provider{1} in this ranking are {2} days old (oldest: {6}, read {3}; today {4}; stale after {5} days): check the providers' pages before you rent.", "本次排名中 {0} 家云厂商的价格已有 {2} 天未更新（最早为 {6}，读取于 {3}；今天 {4}；超过 {5} 天即视为过期）：租用前请查看云厂商的价格页面。") \
  X(note_stale_rate, "Exchange rates used to compare currencies were read more than {1} days ago: {0}. Overlay a currencies record with today's rate (docs/catalog.md \"Currencies\").", "用于换算货币的汇率读取已超过 {1} 天：{0}。请用当天汇率覆盖 currencies 记录（docs/catalog.md “Currencies”）。") \
  X(note_stale_rate_item, "{0} {1} per USD as of {2} ({3} days)", "{0} 每美元 {1}，截至 {2}（{3} 天）") \
  X(note_price_age, "Prices may have moved since they were read: cost bands widen 2% a month after 90 days for list prices{0} and 8% a month after 14 days for spot{1}, and the cost criterion scores each row at its band's upper end.", "价格读取后可能已变动：标价超过 90 天后成本区间每月放宽 2%{0}，竞价价格超过 14 天后每月放宽 8%{1}，成本一项按每行区间的上限评分。") \
  X(note_price_age_here, " (here up to {0}%)", "（此处最多 {0}%）") \
  X(note_low_stock_first_only, "Row #1 is low stock (capacity may not be there when you ask; W-STOCK): the best-ranked row in stock is #{1}, {2} ({3}), {4}.", "第 1 名方案库存偏低（申请时可能没有容量；W-STOCK）：有库存的最佳方案是第 {1} 名，{2}（{3}），{4}。") \
  X(note_low_stock_first_in_stock, "Rows #1 to #{0} are low stock (capacity may not be there when you ask; W-STOCK): the best-ranked row in stock is #{1}, {2} ({3}), {4}.", "第 1 至第 {0} 名方案库存偏低（申请时可能没有容量；W-STOCK）：有库存的最佳方案是第 {1} 名，{2}（{3}），{4}。") \
  X(note_term_one_off, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it: a term is the billing for steady work, not a one-off job. On demand the same run on #1 costs about {3}: rank without --pricing (on demand and spot, with a shorter subscription or a capacity block where it costs less), or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}：期限合约适合持续的工作，不适合一次性作业。同一作业在第 1 名上按需约 {3}：请去掉 --pricing 重新排名（按需与竞价，更便宜时另含更短的包月或容量块）；若期限内还有其他工作，请加 --reserved-other-use。") \
  X(note_term_one_off_block, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it, because open capacity does not hold its {3} nodes that long (on demand it would cost about {4}; constraint capacity). A block that size for the job's weeks is a short-term capacity reservation: rank without --pricing (the capacity blocks the catalog lists, where one holds the job), ask the provider (AWS EC2 Capacity Blocks for ML, Google Cloud calendar-mode reservations, a neocloud's committed block), or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}，因为开放容量无法长时间提供其 {3} 个节点（按需约 {4}；约束 capacity）。这种规模、只用几周的资源块应使用短期容量预留：请去掉 --pricing 重新排名（目录列出的容量块能容纳该作业时），或向云厂商申请（AWS EC2 Capacity Blocks for ML、Google Cloud 日历模式预留、新兴算力云的承诺资源块）；若期限内还有其他工作，请加 --reserved-other-use。") \
  X(note_term_one_off_subscription, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it, because open capacity does not hold its {3} nodes that long (on demand it would cost about {4}; constraint capacity). A subscription is the shortest held term the catalog lists here: ask the provider's sales for a shorter committed block (some sell weekly or daily terms), or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}，因为开放容量无法长时间提供其 {3} 个节点（按需约 {4}；资源容量约束）。包年包月是目录中此处最短的预留期限：可向云厂商销售询问更短的承诺资源块（部分厂商出售按周或按天的期限）；若期限内还有其他工作，请加 --reserved-other-use。") \
  X(note_term_one_off_no_on_demand, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it: a term is the billing for steady work, not a one-off job. Rank without --pricing (on demand and spot, with a shorter subscription or a capacity block where it costs less), or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}：期限合约适合持续的工作，不适合一次性作业。请去掉 --pricing 重新排名（按需与竞价，更便宜时另含更短的包月或容量块）；若期限内还有其他工作，请加 --reserved-other-use。") \
  X(note_term_one_off_reserved_only, "#1 bills a whole {0} term, {1}, for a job that uses {2} of it, and its provider does not sell the machine on demand. For the job's weeks ask for a short-term capacity reservation (Google Cloud calendar-mode reservations or Flex-start, AWS EC2 Capacity Blocks for ML, a neocloud's committed block), or pass --reserved-other-use if the term has other work.", "第 1 名方案按整个{0}期限计费，{1}，而本作业只用其中 {2}，且云厂商不按需出售该机型。按作业所需的几周，请向云厂商申请短期容量预留（Google Cloud 日历模式预留或 Flex-start、AWS EC2 Capacity Blocks for ML、新兴云厂商的承诺容量块）；若该期限另有工作，请加 --reserved-other-use。") \
  X(note_low_stock_all, "Every ranked row is low stock (capacity may not be there when you ask; W-STOCK): confirm capacity with the provider before you plan on it.", "所有上榜方案库存均偏低（申请时可能没有容量；W-STOCK）：规划前请先向云厂商确认容量。") \
  X(note_resolution_off_native, "{0} was trained at about {1} px: at {2} px its images lie outside what it was trained for (expect lower quality: repeated or cropped subjects above it, blurred or broken composition below), and its time is scaled by pixel count from published runs near its native resolution, so it is less certain.", "{0} 的训练分辨率约为 {1} px：在 {2} px 下生成的图像超出其训练范围（画质可能下降：高于该分辨率时主体重复或被裁切，低于时模糊或构图错乱），其耗时按像素数从接近原生分辨率的公开运行推算，不确定性更大。") \
  X(note_spot_rate_assumed, "Spot interruption rates of {} are not published: the GPU class's band on AWS Spot Advisor is assumed (estimated): 22.5% of instances a month for SXM/OAM HBM GPUs (A100, H100, H200, B200, MI300X), 12.5% for other instances of 4+ GPUs, 7.5% for the rest.", "{} 未公布竞价实例中断率：假定为 AWS Spot Advisor 上同类 GPU 的区间（估算）：SXM/OAM HBM GPU（A100、H100、H200、B200、MI300X）每月 22.5% 的实例，其他 4 块及以上 GPU 的实例 12.5%，其余 7.5%。") \
  X(note_tier, "{0} excluded for production serving; {1}; {2} to include.", "{0}因生产服务等级被排除；{1}；加 {2} 可纳入。") \
  X(note_tier_consumer, "{0} consumer or workstation GPU offering{1}", "{0} 个消费级或工作站 GPU 方案") \
  X(note_tier_marketplace, "{0} marketplace-host offering{1}", "{0} 个算力市场主机方案") \
  X(note_tier_shared_gpu, "{0} shared-vGPU offering{1}", "{0} 个共享 vGPU 方案") \
  X(note_tier_low_stock, "{0} low-stock offering{1}", "{0} 个低库存方案") \
  X(note_tier_software_training, "{0} offering{1} whose software stack is weak on the job's own method (QLoRA's 4-bit kernels, FP8 training) excluded for production training; where bf16 runs there on a mature stack, their reason in --show-excluded names that way (--method lora or --precision bf16), which ranks them as a different job; --allow-immature-stack ranks them as asked.", "{0} 个软件栈对该任务方法（QLoRA 的 4 位内核、FP8 训练）支持较弱的方案因生产训练等级被排除；若这些 GPU 上 bf16 有成熟的软件栈，--show-excluded 中的原因会给出该做法（--method lora 或 --precision bf16），按另一种任务为其排名；加 --allow-immature-stack 按原样纳入。") \
  X(note_tier_software, "{0} offering{1} whose software stack is weak or unsupported for the job", "{0} 个软件栈对该任务支持较弱或不受支持的方案") \
  X(note_tier_no_sla, "{0} no-SLA offering{1}", "{0} 个无 SLA 方案") \
  X(note_tier_spot, "{0} offering{1} on spot", "{0} 个竞价实例方案") \
  X(note_stale_terms, "{0} offering{1} kept out of the reserved and monthly/yearly terms: each term is priced on a quote more than 365 days old, and a commitment paid whether used or not needs a current quote; {2}; refresh the prices (gpuselect catalog update, or the provider's quote in a price overlay) or {3} to include.", "{0} 个方案的预留实例和包年包月期限被排除：其期限价格来自 365 天以前的报价，而无论是否使用都要付费的承诺需要当前报价；{2}；请更新价格（gpuselect catalog update，或把云厂商的报价写入价格覆盖文件），或加 {3} 纳入。") \
  X(err_list_empty_item, "{0} has an empty item", "{0} 中有空项") \
  X(err_list_invisible, "{0} contains an invisible or control character (shown as ?)", "{0} 含不可见字符或控制字符（显示为 ?）") \
  X(hint_list_invisible, "type the name again without it", "请去掉该字符后重新输入") \
  X(hint_list_empty_item, "separate the items with one comma each", "各项之间只用一个逗号分隔") \
  X(note_licence, "{0}'s weights are released under the {1}, which does not allow commercial use: a production service needs a commercial licence from the model's maker (a cost outside this ranking); check it before you serve.", "{0} 的权重以 {1} 发布，不允许商用：生产服务须向模型方取得商用许可（费用不在本排名之内）；上线前请先确认。") \
  X(note_region_twin, "#{0} {1} ({2}) is also listed as {3} in {4} at the same price and figures: one row here, whose other regions (+{5}) include {4}; rank with --region {4} to launch there.", "第 {0} 名 {1}（{2}）也以 {3} 在 {4} 上架，价格与各项指标相同：此处合并为一行，其 +{5} 个其他地域包含 {4}；如需在该地域启动，请加 --region {4} 重新排名。") \
  X(note_lora_fits, "#1 runs QLoRA on {0}, whose GPU memory also holds LoRA's 16-bit base with the headroom kept: --method lora would take {1} there instead of {2} ({3} fewer billed hours at the same hourly price, as QLoRA dequantises its 4-bit weights every step); QLoRA is for GPUs too small for the 16-bit base.", "第 1 名在 {0} 上跑 QLoRA，而该机型的显存在保留余量后也放得下 LoRA 的 16 位基座：改用 --method lora 在同一机型上只需 {1}，而不是 {2}（计费时长少 {3}，小时价相同，因为 QLoRA 每一步都要反量化 4 位权重）；QLoRA 适用于放不下 16 位基座的小显存 GPU。") \
  X(note_lora_fits_same_time, "#1 runs QLoRA on {0}, whose GPU memory also holds LoRA's 16-bit base with the headroom kept: --method lora would take {1} there (QLoRA: {2}) and keep the base model's 16-bit weights, where QLoRA's 4-bit quantisation costs some quality; QLoRA is for GPUs too small for the 16-bit base.", "第 1 名在 {0} 上跑 QLoRA，而该机型的显存在保留余量后也放得下 LoRA 的 16 位基座：改用 --method lora 在同一机型上需 {1}（QLoRA：{2}），且保留基座模型的 16 位权重，而 QLoRA 的 4 位量化会损失一些质量；QLoRA 适用于放不下 16 位基座的小显存 GPU。") \
  X(note_open_capacity, "{0} row{1} on more than {2} nodes (up to {3}) left out: the GPU-hours exceed what open capacity usually has free (constraint capacity; --show-excluded lists them); a reservation holds them: --pricing reserved-1y, or a capacity block from the provider.", "{0} 个超过 {2} 个节点（最多 {3} 个）的方案被排除：所需 GPU 小时超过开放容量通常空闲的量（约束 capacity；--show-excluded 可列出）；预留资源才能满足：加 --pricing reserved-1y，或向云厂商申请容量块。") \
  X(note_tier_each_also, "each is also excluded for another reason", "每个方案也因其他原因被排除") \
  X(note_tier_unpriced, "an unsupported stack is not priced ({0} for one)", "不受支持的软件栈未计价（例如 {0}）") \
  X(note_mainland_only, "{0} offering{1} sold only in mainland China left out (a mainland account or host); {2}; --region cn to include.", "{0} 个仅在中国大陆销售的方案未参与排名（需大陆账号或主体）；{2}；加 --region cn 可纳入。") \
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
  X(detail_region_mode, "no {0} price in {2} in the catalog (priced in {1}); if you can rent it there, add that region's price in an overlay", "目录中没有 {2} 的{0}价格（有价格的地域：{1}）；如果能在该地域租用，请在覆盖文件中补充该地域的价格") \
  X(detail_provider_not_asked, "provider {} is not in --provider", "云厂商 {} 不在 --provider 中") \
  X(detail_provider_excluded, "provider {} is excluded", "云厂商 {} 已被排除") \
  X(detail_gpu_sibling, "GPU {0} is not in --gpu: {1} names {2} only (a memory size or board); add {0}, or name the model alone for every board of it", "GPU {0} 不在 --gpu 中：{1} 只指 {2}（指定了显存或板型）；加上 {0}，或只写型号以选中它的所有板型") \
  X(detail_gpu_not_asked, "GPU {} is not in --gpu", "GPU {} 不在 --gpu 中") \
  X(detail_gpu_memory, "{0} GB per GPU, not in --gpu-memory {1}GB", "每 GPU {0} GB，不在 --gpu-memory {1}GB 范围内") \
  X(detail_gpu_count, "{0} GPUs per instance, not {1}", "每实例 {0} 块 GPU，不是 {1}") \
  X(detail_notebook_one_gpu, "a notebook session keeps 1 GPU busy; this instance rents {0}, {1} idle (--gpu-count {0} ranks it)", "笔记本会话只占用 1 块 GPU；此实例租用 {0} 块，{1} 块闲置（加 --gpu-count {0} 可纳入排名）") \
  X(detail_sold_only, "sold only as {}", "仅以{}出售") \
  X(detail_max_price, "costs at least {0}/h, --max-price {1}", "每小时至少 {0}，--max-price {1}") \
  X(detail_notebook_spot, "an interactive session on spot is lost when the instance is reclaimed (seconds to minutes of notice); --pricing spot (or a list naming it) to include", "竞价实例被回收时交互式会话随之丢失（提前数秒到数分钟通知）；加 --pricing spot（或包含它的列表）可纳入") \
  X(detail_risk_averse_spot, "--risk-averse leaves out spot: a reclaim stops the job and resumes it from its last checkpoint after a wait for capacity; --pricing spot (or a list naming it) to include", "--risk-averse 不考虑竞价实例：回收会中断任务，等到资源后才能从最近的检查点恢复；加 --pricing spot（或包含它的列表）可纳入") \
  X(detail_tier_consumer, "{0} is a {1} card (no ECC or datacenter support): not production serving; --allow-consumer to include", "{0} 是{1}显卡（无 ECC，无数据中心支持）：不适合生产服务；加 --allow-consumer 可纳入") \
  X(detail_tier_marketplace, "a marketplace host ({}: hosts are third parties, unvetted): not production serving; --allow-marketplace to include", "算力市场主机（{}：主机属于未经审核的第三方）：不适合生产服务；加 --allow-marketplace 可纳入") \
  X(detail_risk_averse_low_stock, "stock low: capacity may not be there when the job asks for it, and --risk-averse plans for what holds; --allow-low-stock to include", "库存偏低：任务申请时可能没有容量，而 --risk-averse 只规划可靠的方案；加 --allow-low-stock 可纳入") \
  X(detail_tier_low_stock, "stock low: a failed replica may not be replaceable for hours; not production serving; --allow-low-stock to include", "库存偏低：故障副本可能数小时内无法替换；不适合生产服务；加 --allow-low-stock 可纳入") \
  X(detail_price_implausible, "its on-demand quote, {0} a GPU-hour, is {1}x below the cheapest other offering of the {2} ({3}): a slip in the catalog (cents, a monthly price), not a price to rank; gpuselect catalog validate names the likely slip", "其按需报价为每 GPU 小时 {0}，比 {2} 的其他方案中最便宜的（{3}）还低 {1} 倍：这是目录中的笔误（如以分为单位、按月价格），不能据此排名；gpuselect catalog validate 会指出可能的笔误") \
  X(detail_longest_run, "without --deadline no training run longer than {0} days is ranked (its hardware and prices will have moved); more nodes (--max-nodes), larger GPUs, or a --deadline past it to include", "未给出 --deadline 时不对超过 {0} 天的训练排名（届时硬件和价格都已变化）；请增加节点（--max-nodes）、换更大的 GPU，或给出更长的 --deadline 纳入") \
  X(detail_stale_term, "a {0} term priced on a quote read {1}, {2} days ago: a commitment paid whether used or not needs a current quote (list prices move a few times a year); gpuselect catalog update, the provider's quote in a price overlay, or --allow-stale-terms to include", "{0}期限的价格来自 {1} 的报价（{2} 天前）：无论是否使用都要付费的承诺需要当前报价（官网价格一年会变动数次）；请运行 gpuselect catalog update、把云厂商的报价写入价格覆盖文件，或加 --allow-stale-terms 纳入") \
  X(detail_tier_no_sla, "{} publishes no uptime SLA (no credits when the service is down): not production serving; --allow-no-sla to include", "{} 未公布可用性 SLA（服务中断时无赔付）：不适合生产服务；加 --allow-no-sla 可纳入") \
  X(detail_tier_shared_gpu, "a shared vGPU ({0}x {1}, time-sliced with other tenants: latency jitter): not production serving; --allow-shared-gpu to include", "共享 vGPU（{0}x {1}，与其他租户分时共享：延迟抖动）：不适合生产服务；加 --allow-shared-gpu 可纳入") \
  X(detail_tier_spot, "spot can be reclaimed at any time (no availability promise): not production serving; --allow-spot-serving to include", "竞价实例随时可能被回收（无可用性保证）：不适合生产服务；加 --allow-spot-serving 可纳入") \
  X(sw_not_in_table, "{0} on {1} is not in the software-stack table (unknown)", "{1} 上的 {0} 不在软件栈表中（未知）") \
  X(sw_needs_bf16, "{0} is unsupported for this model on {1}: it is released in bf16 and its activations overflow fp16 (NaN losses, black images or \"!!!\" text: FLUX.1 in huggingface/diffusers issue 9096, run in fp16 only with the activation clipping of diffusers PR 9097; Qwen2 and Qwen2.5 in QwenLM/Qwen2 issues 761 and 868 and vllm-project/vllm issue 14126), and {2} ({3})", "此模型在 {1} 上不支持 {0}：它以 bf16 发布，其激活值在 fp16 下溢出（损失为 NaN、黑图或输出 \"!!!\"：FLUX.1 见 huggingface/diffusers issue 9096，fp16 下须用 diffusers PR 9097 的激活值截断；Qwen2 与 Qwen2.5 见 QwenLM/Qwen2 issue 761、868 及 vllm-project/vllm issue 14126），且{2}（{3}）") \
  X(sw_level, "{0} is {1} on {2}: {3} ({4})", "{0} 在 {2} 上{1}；{3}（{4}）") \
  X(sw_also, "; {0} is {1} there too: {2} ({3})", "；{0} 在此同样{1}：{2}（{3}）") \
  X(sw_level_mature, "mature", "成熟") \
  X(sw_level_weak, "weak", "支持较弱") \
  X(sw_level_unsupported, "unsupported", "不受支持") \
  X(sw_level_unknown, "unknown", "未知") \
  X(detail_software, "{}; --allow-immature-stack to include", "{}；加 --allow-immature-stack 可纳入") \
  X(detail_software_weak_serving, "{}; a weak stack is not production serving; --allow-immature-stack to include", "{}；支持较弱的软件栈不适合生产服务；加 --allow-immature-stack 可纳入") \
  X(detail_software_weak_training_port_only, "{}; production training waits for a mature stack for the job's method, and this GPU's stack is not mature for it in bf16 either; --allow-immature-stack, --training-tier development or --gpu naming the GPU ranks it as asked", "{}；生产训练需要对该任务方法支持成熟的软件栈，而此 GPU 的软件栈即使改用 bf16 也不成熟；加 --allow-immature-stack、--training-tier development 或用 --gpu 指明该 GPU 可按原方法纳入") \
  X(detail_software_weak_training, "{}; production training waits for a mature stack for the job's method, and the same job in bf16 (--method lora for QLoRA where the 16-bit base fits, --precision bf16 for FP8) runs on this GPU's mature stack; --allow-immature-stack, --training-tier development or --gpu naming the GPU ranks it as asked", "{}；生产训练需要对该任务方法支持成熟的软件栈，而同一任务改用 bf16（QLoRA 改 --method lora，前提是放得下 16 位基座；FP8 改 --precision bf16）可在此 GPU 的成熟软件栈上运行；加 --allow-immature-stack、--training-tier development 或用 --gpu 指明该 GPU 可按原方法纳入") \
  X(detail_mainland_only, "sold in mainland China only (a mainland account or host); --region cn, --currency CNY or --provider {} to include", "仅在中国大陆销售（需大陆账号或主体）；加 --region cn、--currency CNY 或 --provider {} 可纳入") \
  X(detail_fixed_plan_gpus, "the plan fixed by flags (TP {0} x PP {1} x CP {2}) takes {3} GPUs, and this offering clusters at most {5} node(s) of {4}", "参数固定的并行方案（TP {0} x PP {1} x CP {2}）需要 {3} 块 GPU，而此产品最多组合 {5} 个各 {4} 块 GPU 的节点") \
  X(detail_fixed_tp_node, "--tensor-parallel {0} runs within one node (its all-reduce on every layer needs the GPU links), and this offering has {1} GPUs a node", "--tensor-parallel {0} 须在单个节点内运行（每层的 all-reduce 依赖 GPU 间互联），而此产品每节点只有 {1} 块 GPU") \
  X(detail_fixed_plan_max_nodes, "the plan fixed by flags (TP {0} x PP {1} x CP {2}) takes {3} GPUs, {4} a node; --max-nodes {5}", "参数固定的并行方案（TP {0} x PP {1} x CP {2}）需要 {3} 块 GPU，每节点 {4} 块；--max-nodes {5}") \
  X(detail_owned_cluster, "the owned cluster has {} (max_nodes)", "自有集群只有 {} 个节点（max_nodes）") \
  X(budget_upper, "{0} as quoted, at the price's upper end{1}", "按报价为 {0}，按价格上限{1}") \
  X(budget_upper_confidence, "{0} as quoted, at the price's upper end{1} and with the run's hours at {2} confidence", "按报价为 {0}，按价格上限{1}，且运行时长取 {2} 置信度") \
  X(budget_confidence, "{0} as quoted, with the run's hours at {1} confidence", "按报价为 {0}，运行时长取 {1} 置信度") \
  X(waited_queue, "with {} in the queue", "含排队 {}") \
  X(waited_setup, "with {} of machine setup", "含机器准备 {}") \
  X(waited_queue_setup, "with {0} in the queue and {1} of machine setup", "含排队 {0} 和机器准备 {1}") \
  X(deadline_at_confidence, "at {0} confidence; {1} chance of ending within the deadline", "{0} 置信度；按时完成的概率 {1}") \
  X(deadline_at_confidence_waited, "at {0} confidence; {1} chance of ending within the deadline, {2}", "{0} 置信度；按时完成的概率 {1}，{2}") \
  X(deadline_at_band_top, "at the top of its time band (--risk-averse: the run at its 90th percentile, the wait for capacity at 9 in 10 odds)", "按时间区间上端（--risk-averse：运行取第 90 百分位，等待资源取九成把握）") \
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
  X(cmp_plan, "plan", "并行策略") \
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
  X(est_longest_context_model_limit, "; the model itself takes at most {0}", "；模型本身最多支持 {0} 个 token") \
  X(est_one_request, "one request at batch 1 on this replica", "本副本上批大小 1 的单个请求") \
  X(est_one_sequence, "one sequence per micro-step on this plan", "本并行策略每个微步一个序列") \
  X(est_fits, "fits", "能否容纳") \
  X(est_fits_no, "NO", "否") \
  X(est_fits_host_ram, " (host RAM)", "（主机内存不足）") \
  X(est_fits_latency, "NO (memory fits; latency targets missed)", "否（显存够，但未达延迟目标）") \
  X(est_plan_title, "Parallel plan", "并行策略") \
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
  X(est_queue_in_ttft, "queue wait in TTFT", "TTFT 中的排队等待") \
  X(est_ttft_at, "TTFT at", "TTFT 按") \
  X(est_ttft_at_value, "the p90 prompt, {} tokens", "p90 提示长度，{} 个 token") \
  X(est_pipeline_handoffs, "pipeline handoffs", "流水线交接") \
  X(est_pipeline_handoffs_value, "{0:.2f} ms of each TPOT (stages on {1} nodes)", "每个 TPOT 中占 {0:.2f} ms（各阶段分布在 {1} 个节点）") \
  X(est_experts_read, "experts read per MoE layer per step", "每步每个 MoE 层读取的专家数") \
  X(est_experts_read_value, "{0:.1f} of {1}", "{1} 个中的 {0:.1f} 个") \
  X(est_serving_extrapolated, "This GPU, precision, batch or request length lies outside the serving calibration rows (Hopper, FP8/BF16; dense models at batch 1-1,300, 128-20,000 input and 128-2,048 output tokens; MoE at batch 64-3,455, 128-2,048 input and output tokens): the bands are extrapolated and widened 1.5x each way.", "此 GPU、精度、批大小或请求长度超出推理校准数据（Hopper，FP8/BF16；稠密模型批大小 1-1,300、输入 128-20,000 与输出 128-2,048 token；MoE 批大小 64-3,455、输入与输出 128-2,048 token）：区间为外推值，并向两侧各放宽 1.5 倍。") \
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
  X(detail_training_shared_gpu, "a shared vGPU ({0}x {1}, time-sliced with other tenants: 30-40% step-time jitter, a share of the card's memory): not production training; --allow-shared-gpu to include", "共享 vGPU（{0}x {1}，与其他租户分时共享：步时抖动 30-40%，只有该卡的部分显存）：不适合生产训练；加 --allow-shared-gpu 可纳入") \
  X(detail_training_marketplace, "a marketplace host ({0}: hosts are unvetted third parties holding the job's data and weights): not production training; --provider {0} or --allow-marketplace to include", "算力市场主机（{0}：主机为未经审核的第三方，持有任务的数据和权重）：不适合生产训练；加 --provider {0} 或 --allow-marketplace 可纳入") \
  X(w_latency_in_band_risk_averse, "At the slow end of its calibrated band, at the load with the spare replicas down, this plan gives TPOT {0} ms and TTFT {1} ms against targets of {2} and {3} ms: --risk-averse held the targets at the bands' tops for the plan's batch, but the load's batch passes them; lower --max-utilization to keep that margin.", "在校准区间的慢端、备用副本停机时的负载下，该并行策略的 TPOT 为 {0} ms、TTFT 为 {1} ms，目标为 {2} 和 {3} ms：--risk-averse 已按区间上限核对该策略的批大小，但负载下的批大小会超出目标；调低 --max-utilization 以保住这部分余量。") \
  X(w_latency_in_band, "At the slow end of its calibrated band this plan gives TPOT {0} ms and TTFT {1} ms against targets of {2} and {3} ms: the targets hold at {4} confidence (the bands' log-normal quantile), not at the bands' tops; --risk-averse plans for the tops.", "在校准区间的慢端，该并行策略的 TPOT 为 {0} ms、TTFT 为 {1} ms，目标为 {2} 和 {3} ms：目标在 {4} 置信度下成立（区间的对数正态分位数），而非区间上限；加 --risk-averse 按区间上限规划。") \
  X(w_speed_extrapolated, "Speed on {0} ({1}) lies outside the calibrated image-generation runs for this method and GPU generation, so its band is the widest one widened 1.5x ({2}x-{3}x the estimate); benchmark a short run before renting at scale.", "{0}（{1}）上的速度超出该方法和该代 GPU 的图像生成校准数据，因此误差区间取最宽者再放宽 1.5 倍（估计值的 {2}x-{3}x）；请先做一次短时实测，再大规模租用。") \
  X(w_software_weak_fp8, "expect slower kernels or a preview port; the same job in bf16 (--precision bf16) runs on this GPU's mature stack, slower than FP8", "算子可能较慢或仅有预览版移植；同一任务改用 bf16（--precision bf16）可在该 GPU 的成熟软件栈上运行，但比 FP8 慢") \
  X(w_software_weak_qlora, "expect slower kernels or a preview port; plain LoRA (--method lora: a bf16 base, no 4-bit kernels) runs on this GPU's mature stack where its memory holds the base", "算子可能较慢或仅有预览版移植；若显存能容纳 bf16 基座权重，普通 LoRA（--method lora：bf16 基座，无 4 位算子）可在该 GPU 的成熟软件栈上运行") \
  X(hold_term_or_block, "--pricing {0} (or a capacity block from the provider) to price one", "加 --pricing {0}（或向云厂商申请容量块）为其计价") \
  X(hold_term, "--pricing {0} to price one", "加 --pricing {0} 为其计价") \
  X(hold_provider, "the provider's reservation quote in a price overlay (the catalog lists none) to price one", "把云厂商的预留报价写入价格覆盖文件（目录中没有）后再计价") \
  X(detail_capacity, "{0} GPUs {1} for {2}: {3} GPU-hours, more than half of what the about {4} GPUs a {5}-stock SKU usually has free give in {6} days; a job that size runs on a reservation, not open capacity; {7}", "{0} 块 GPU 以{1}方式运行 {2}：共 {3} GPU 小时，超过库存{5}的规格通常空闲的约 {4} 块 GPU 在 {6} 天内所能提供的一半；这种规模的任务应使用预留资源，而非按需/竞价容量；{7}") \
  /* the defaults a job was given (Profile::defaults_said; the workload-flag table's provenance, workload::resolve, estimate_job) */ \
  X(dflt_workload, "workload: {} (default; give --workload)", "工作负载类型：{}（默认；可用 --workload 指定）") \
  X(dflt_lora_diffusion, "{0}: rank {1} on the q, k, v and out projections of every attention block (the diffusers and kohya-ss defaults)", "{0}：秩 {1}，作用于每个注意力块的 q、k、v 和输出投影（diffusers 和 kohya-ss 的默认设置）") \
  X(dflt_lora, "{0}: rank {1} on {2} (Hu et al. 2021 adapt attention matrices)", "{0}：秩 {1}，作用于 {2}（Hu et al. 2021 适配注意力矩阵）") \
  X(dflt_precision_mxfp4, "precision: int4, weight-only 4-bit: {} is released in MXFP4 (4.25 bits a weight with its scales) and served from those weights, the matmuls in 16-bit (vLLM's MXFP4 kernels; --precision fp4 on Blackwell runs them on FP4 tensor cores, --precision bf16 serves an upcast copy)", "精度：int4，仅权重 4 位：{} 以 MXFP4 发布（含缩放因子每个权重 4.25 位），直接以该权重提供服务，矩阵乘法为 16 位（vLLM 的 MXFP4 内核；Blackwell 上 --precision fp4 使用 FP4 张量核心，--precision bf16 则以上转换的副本提供服务）") \
  X(dflt_precision_fp8, "precision: fp8, the format {} is released in (on a GPU with FP8 tensor cores; --precision bf16 serves an upcast copy)", "精度：fp8，即 {} 发布时的格式（需 GPU 具备 FP8 张量核心；--precision bf16 则以上转换的副本提供服务）") \
  X(dflt_optimizer_sgd, "optimizer: SGD with momentum (Goyal et al. 2017 ImageNet recipe)", "优化器：带动量的 SGD（Goyal et al. 2017 的 ImageNet 配方）") \
  X(dflt_optimizer_adamw, "optimizer: AdamW in mixed precision (16 bytes of states per parameter, ZeRO paper)", "优化器：混合精度 AdamW（每个参数 16 字节状态，见 ZeRO 论文）") \
  X(dflt_micro_batch_image, "micro-batch: 1 image per GPU (the kohya-ss and diffusers train_batch_size default)", "微批大小：每 GPU 1 张图像（kohya-ss 和 diffusers 的 train_batch_size 默认值）") \
  X(dflt_micro_batch_cv, "micro-batch: {} images per GPU (Goyal et al. 2017)", "微批大小：每 GPU {} 张图像（Goyal et al. 2017）") \
  X(dflt_micro_batch_llm, "micro-batch: searched over 1, 2, 4, 8 sequences per GPU (1 without hardware); gradient accumulation reaches the global batch", "微批大小：在每 GPU 1、2、4、8 条序列中搜索（无硬件时为 1）；由梯度累积达到全局批大小") \
  X(dflt_capped, ", capped at the model's context of {} tokens", "，受模型上下文 {} 个 token 所限") \
  X(dflt_seq_len_pretrain, "sequence length: {0} (Llama 2 pretraining context{1})", "序列长度：{0}（Llama 2 预训练上下文{1}）") \
  X(dflt_seq_len_finetune, "sequence length: {0} (a common fine-tuning length{1})", "序列长度：{0}（常见的微调长度{1}）") \
  X(dflt_checkpointing_diffusion, "gradient checkpointing: searched, off where the job fits without it (faster), else on (--recompute full or none fixes it)", "梯度检查点：搜索得出，不开也能放下时关闭（更快），否则开启（--recompute full 或 none 可固定）") \
  X(dflt_recompute_full_training, "activation recomputation: searched over none, selective, full (selective without hardware; Korthikanti et al. 2022)", "激活重计算：在 none、selective、full 中搜索（无硬件时为 selective；Korthikanti et al. 2022）") \
  X(dflt_recompute_adapters, "activation recomputation: searched over none, selective, full (full without hardware: gradient checkpointing, as in the QLoRA setup)", "激活重计算：在 none、selective、full 中搜索（无硬件时为 full：梯度检查点，同 QLoRA 的设置）") \
  X(dflt_framework_megatron, "framework: megatron (Megatron-Core/NeMo with Transformer Engine, the stack of published pretraining runs; give --framework)", "框架：megatron（Megatron-Core/NeMo 加 Transformer Engine，公开预训练所用的软件栈；可用 --framework 指定）") \
  X(dflt_framework_hf, "framework: hf (Hugging Face PEFT, the LoRA/QLoRA reference setup; give --framework)", "框架：hf（Hugging Face PEFT，LoRA/QLoRA 的参考设置；可用 --framework 指定）") \
  X(dflt_framework_fsdp, "framework: fsdp (PyTorch FSDP: torchtitan, llm-foundry; give --framework)", "框架：fsdp（PyTorch FSDP：torchtitan、llm-foundry；可用 --framework 指定）") \
  X(dflt_tokens_optimal, "tokens: {} (20 x parameters, compute-optimal, Hoffmann et al. 2022)", "token 数：{}（参数量的 20 倍，算力最优，Hoffmann et al. 2022）") \
  X(dflt_tokens_finetune, "tokens: {} (assumed fine-tuning set: about 50k examples x 2k tokens)", "token 数：{}（假定的微调数据集：约 5 万条样本 × 2k token）") \
  X(dflt_images_trained, "images trained: {0} ({1} images x {2} epochs; an assumed LoRA set unless --images and --epochs are given)", "训练图像数：{0}（{1} 张图像 × {2} 轮；未给出 --images 和 --epochs 时为假定的 LoRA 数据集）") \
  X(dflt_images_trained_steps, "images trained: {0} ({1} optimizer steps x batch {2}, --train-steps)", "训练图像数：{0}（{1} 个优化器步 × 批大小 {2}，--train-steps）") \
  X(dflt_samples_imagenet, "samples: {} (ImageNet-1k, 1,281,167 images x 90 epochs, Goyal et al. 2017)", "样本数：{}（ImageNet-1k，1,281,167 张图像 × 90 轮，Goyal et al. 2017）") \
  X(dflt_checkpoint, "checkpoint every {} minutes (assumption)", "每 {} 分钟保存一次检查点（假定）") \
  X(dflt_global_batch_pretrain, "global batch: {}M tokens per step (Llama 2 pretraining)", "全局批大小：每步 {}M 个 token（Llama 2 预训练）") \
  X(dflt_global_batch_finetune, "global batch: {0} sequences of {1} tokens per step (assumption)", "全局批大小：每步 {0} 条 {1} token 的序列（假定）") \
  X(dflt_context, "context: {0} tokens per sequence (Llama 2 context{1})", "上下文：每条序列 {0} 个 token（Llama 2 的上下文{1}）") \
  X(dflt_context_request, "context: {0} tokens per sequence (the longest request, {1} tokens of input and output, in 1,024-token steps{2})", "上下文：每条序列 {0} 个 token（最长请求的输入加输出 {1} 个 token，按 1,024 个 token 取整{2}）") \
  X(dflt_batch_searched, "batch: the largest per replica that fits free KV memory and meets the latency targets (at most 256, vLLM's max_num_seqs default)", "批大小：每副本放得下空闲 KV 显存且满足延迟目标的最大值（最多 256，vLLM 的 max_num_seqs 默认值）") \
  X(dflt_batch_diffusion, "batch: per replica, the batch of most images/s that fits memory and --latency-ms (a UNet's images/s rises with the batch, a DiT's does not, so batch 1; docs/estimation.md, Image generation)", "批大小：每副本取放得下显存且满足 --latency-ms 的图像/s 最高者（UNet 的图像/s 随批次上升，DiT 不随之上升，故为 1；见 docs/estimation.md 的 Image generation）") \
  X(dflt_batch_serving, "batch: {} concurrent sequences per replica (moderate continuous batching: decode stays memory-bound, latency near batch 1)", "批大小：每副本 {} 条并发序列（适度的连续批处理：解码仍受显存带宽限制，延迟接近批大小 1）") \
  X(dflt_hours_notebook, "hours: {} priced (a working week)", "计价时长：{} 小时（一个工作周）") \
  X(dflt_hours_serving, "hours: {} priced (one month of serving)", "计价时长：{} 小时（一个月的推理服务）") \
  X(dflt_load, "load: {} request per second", "负载：每秒 {} 个请求") \
  X(dflt_request, "request: {0} input + {1} output tokens (a chat turn; assumption)", "请求：输入 {0} + 输出 {1} 个 token（一轮对话；假定）") \
  X(dflt_latency, "latency targets (p50): TTFT {0} ms, TPOT {1} ms (defaults: MLPerf Inference Llama 2 70B server limits; give --ttft-ms/--tpot-ms)", "延迟目标（p50）：TTFT {0} ms，TPOT {1} ms（默认值：MLPerf Inference Llama 2 70B 服务器场景的上限；可用 --ttft-ms/--tpot-ms 指定）") \
  X(dflt_resolution, "resolution: {0}x{0} px ({1}'s native resolution, its model card)", "分辨率：{0}x{0} 像素（{1} 的原生分辨率，见其模型卡）") \
  X(dflt_image_latency, "latency target: {} s per image at the band's slow end, queue included (production image serving: a synchronous API must answer before its gateway's timeout, about 30 s; --latency-ms to change it, --serving-tier development for none)", "延迟目标：每张图 {} s（按误差区间慢端，含排队；生产级图像服务：同步 API 须在网关超时前返回，约 30 s；可用 --latency-ms 修改，--serving-tier development 则不设上限）") \
  X(dflt_steps, "steps: {0} per image ({1}'s recommended sampling steps; data/models.yaml gives the source)", "步数：每张图 {0} 步（{1} 推荐的采样步数；来源见 data/models.yaml）") \
  X(dflt_training_tier_development, "training tier: development (every offering ranked)", "训练等级：开发（development，所有方案都参与排名）") \
  X(dflt_training_tier_production, "training tier: production (consumer GPUs and marketplace hosts excluded unless --gpu or --provider names them; --training-tier development ranks them)", "训练等级：生产（production，排除消费级 GPU 和算力市场主机，除非 --gpu 或 --provider 指定了它们；--training-tier development 可让它们参与排名）") \
  X(dflt_max_utilization, "replicas planned at most {}% busy (--max-utilization; headroom for bursts and the model's error band)", "副本按利用率不超过 {}% 规划（--max-utilization；为突发流量和模型误差区间留余量）") \
  X(dflt_serving_tier_development, "service tier: development (every offering ranked), N+{} replicas (--redundancy)", "服务等级：开发（development，所有方案都参与排名），N+{} 个副本（--redundancy）") \
  X(dflt_serving_tier_production, "service tier: production (consumer and workstation GPUs, marketplace hosts, shared vGPUs, low-stock SKUs, providers without an uptime SLA and spot excluded; --serving-tier development ranks them), N+{} replicas (--redundancy)", "服务等级：生产（production，排除消费级和工作站 GPU、算力市场主机、共享 vGPU、低库存规格、无可用性 SLA 的云厂商以及竞价实例；--serving-tier development 可让它们参与排名），N+{} 个副本（--redundancy）") \
  /* the assumptions behind an estimate (estimate::assumptions) */ \
  X(asm_bytes, "Bytes: 1 GB = 1e9 bytes in every output; GPU capacity is the driver-reported MiB where known, else the label in GiB.", "字节：所有输出中 1 GB = 1e9 字节；GPU 容量在已知时取驱动报告的 MiB 数，否则取标称的 GiB 数。") \
  X(asm_model_states, "Model states: {0} B/param weights + {1} gradients + {2} optimizer = {3} B/param (ZeRO paper, Rajbhandari et al. 2019), sharded by the ZeRO stage over the data-parallel GPUs.", "模型状态：权重 {0} B/参数 + 梯度 {1} + 优化器 {2} = {3} B/参数（ZeRO 论文，Rajbhandari et al. 2019），按 ZeRO 阶段在数据并行的 GPU 间切分。") \
  X(asm_method_qlora, "QLoRA (NF4 + double quantisation, Dettmers et al. 2023)", "QLoRA（NF4 + 双重量化，Dettmers et al. 2023）") \
  X(asm_method_lora, "LoRA (Hu et al. 2021)", "LoRA（Hu et al. 2021）") \
  X(asm_adapters, "{0}: frozen base at {1} B/param; {2} trainable adapter parameters (rank {3}) at {4} B/param of weights, gradients and optimizer states.", "{0}：冻结的基座为 {1} B/参数；{2} 个可训练的适配器参数（秩 {3}），权重、梯度和优化器状态共 {4} B/参数。") \
  X(asm_recompute_full, "full recomputation: 2·s·b·h/t per layer, plus the 34·s·b·h/t of the one layer being recomputed", "完全重计算：每层 2·s·b·h/t，另加正在重计算的那一层的 34·s·b·h/t") \
  X(asm_recompute_selective, "selective recomputation: 34·s·b·h/t per layer", "选择性重计算：每层 34·s·b·h/t") \
  X(asm_recompute_selective_op, "selective recomputation, torchtitan's op-level policy: per layer the outputs of wq, wv, w1 and w2, the attention output and the layer input, 2·(2h + 2·heads·head_dim + kv_heads·head_dim + ffn)·s·b/t bytes, plus the 34·s·b·h/t of the one layer being recomputed", "选择性重计算，torchtitan 的算子级策略：每层保存 wq、wv、w1 和 w2 的输出、注意力输出和层输入，共 2·(2h + 2·heads·head_dim + kv_heads·head_dim + ffn)·s·b/t 字节，另加正在重计算的那一层的 34·s·b·h/t") \
  X(asm_recompute_none, "no recomputation: s·b·h·(34 + 5·a·s/h)/t per layer", "不重计算：每层 s·b·h·(34 + 5·a·s/h)/t") \
  X(asm_attention_flash, "flash attention stores no s² score matrix, so the 5·a·s/h term is dropped", "flash 注意力不保存 s² 得分矩阵，因此去掉 5·a·s/h 项") \
  X(asm_attention_eager, "eager attention stores the s² score matrix", "eager 注意力保存 s² 得分矩阵") \
  X(asm_activations, "Activations: Korthikanti et al. 2022 Table 2, {0} (16-bit, sequence parallel with tensor parallel); {1}.", "激活值：Korthikanti et al. 2022 表 2，{0}（16 位，序列并行配合张量并行）；{1}。") \
  X(asm_logits_megatron, "16-bit logits and the fp32 softmax of Megatron-Core's fused vocab-parallel cross-entropy", "16 位 logits 和 Megatron-Core 融合的词表并行交叉熵中的 fp32 softmax") \
  X(asm_logits_pytorch, "PyTorch's cross-entropy on fp32-upcast logits: the saved log-softmax, its gradient and the input's", "PyTorch 对上转换为 fp32 的 logits 计算交叉熵：保存的 log-softmax、其梯度和输入的梯度") \
  X(asm_output_layer, "Output layer: its 16-bit input ({2}) and logits and loss buffers of s·b·V/t x {0} bytes on the last pipeline stage ({1}).", "输出层：最后一个流水线阶段上的 16 位输入（{2}）以及 s·b·V/t × {0} 字节的 logits 和损失缓冲区（{1}）。") \
  X(asm_output_input_sharded, "2·s·b·h/t, the sequence-parallel shard", "2·s·b·h/t，序列并行的分片") \
  X(asm_output_input_gathered, "2·s·b·h, all-gathered by PyTorch tensor parallel", "2·s·b·h，由 PyTorch 张量并行全收集") \
  X(asm_tp_gathered, "PyTorch tensor parallel (DTensor) saves the all-gathered inputs of the attention and MLP input projections for the backward pass, where Megatron-Core keeps the sequence-parallel shard and gathers again: + 4·s·b·h·(1 - 1/t) per layer held whole (the layer being recomputed, or every layer without recomputation).", "PyTorch 张量并行（DTensor）为反向传播保存注意力和 MLP 输入投影全收集后的输入，而 Megatron-Core 只保存序列并行分片并在反向时重新收集：每个完整保留的层（正在重计算的层，或不重计算时的每一层）+ 4·s·b·h·(1 - 1/t)。") \
  X(asm_vision_activations, "Activations of vision models: 0.01 byte per forward FLOP per image (ResNet-50: 82 MB; assumption).", "视觉模型的激活值：每张图像每个前向 FLOP 0.01 字节（ResNet-50：82 MB；假定）。") \
  X(asm_kv_mla, "MLA latent: L·(kv_lora_rank {0} + rope {1})·bytes, kept whole on every tensor-parallel rank", "MLA 潜向量：L·(kv_lora_rank {0} + rope {1})·字节，在每个张量并行分片上完整保存") \
  X(asm_kv_heads, "2·L·kv_heads·head_dim·bytes, split over tensor parallel by KV heads", "2·L·kv_heads·head_dim·字节，按 KV 头在张量并行间切分") \
  X(asm_kv_serving, "KV cache: {0} KB per token ({1}), paged: each sequence holds its {2} input + {3} output tokens; the batch is the largest whose weights, KV cache, one layer's prefill workspace and runtime overhead stay within {4}% of GPU memory (vLLM gpu_memory_utilization).", "KV 缓存：每 token {0} KB（{1}），分页存放：每条序列保存其输入 {2} + 输出 {3} 个 token；批大小取权重、KV 缓存、一层预填充工作区和运行时开销合计不超过 GPU 显存 {4}% 的最大值（vLLM gpu_memory_utilization）。") \
  X(asm_kv_fp8, "; KV cache in FP8", "；KV 缓存为 FP8") \
  X(asm_weights_served, "Weights served at {0} ({1} B/param){2}.", "推理权重精度为 {0}（{1} B/参数）{2}。") \
  X(asm_moe, "Mixture of experts: {0} routed of {1} parameters, {2} of {3} experts per token; a step over n tokens reads the dense part plus E·(1-(1-k/E)^n) experts per layer; routed experts spread over the replica's GPUs (expert parallel).", "混合专家：{1} 个参数中 {0} 个为路由专家，每个 token 使用 {3} 个专家中的 {2} 个；处理 n 个 token 的一步读取稠密部分加上每层 E·(1-(1-k/E)^n) 个专家；路由专家分布在副本的各 GPU 上（专家并行）。") \
  X(asm_serving_roofline, "Serving roofline (docs/estimation.md \"Serving\"): a steady-state step decodes one token of each of the batch's sequences and prefills the prompts that replace finished ones; step = max(bytes read / ({0}% of datasheet bandwidth), decode FLOPs / {1}% of peak + prefill FLOPs / {2}% of peak) + tensor-parallel all-reduces + {3} ms, the decode share {1}% at {4} weights of a layer per GPU and {10} tokens a step, x (weights of a layer per GPU / {4})^{5} within {6}-{7} and x (tokens a step / {10})^{11} within {12}-{13}, at most the prefill share (dense models; MoE {8}%); TPOT = that step with the other sequences' prompts; TTFT = one prompt's prefill + half a step. Constants fitted on 41 TensorRT-LLM and 6 MLPerf figures (H100/H200 FP8, 10 of them MoE, whose steps take 1/0.64 longer; 5 NVFP4 on one B200, whose fp4 steps take {9} times longer).", "推理屋顶线模型（docs/estimation.md \"Serving\"）：稳态下每一步为批内每条序列解码一个 token，并预填充替换已完成序列的提示；步长 = max(读取字节 / (标称带宽的 {0}%)，解码 FLOPs / 峰值的 {1}% + 预填充 FLOPs / 峰值的 {2}%) + 张量并行 all-reduce + {3} ms，其中解码占比在每卡每层权重 {4}、每步 {10} 个 token 时为 {1}%，并乘以 (每卡每层权重 / {4})^{5}（范围 {6}-{7}）和 (每步 token 数 / {10})^{11}（范围 {12}-{13}），不超过预填充占比（稠密模型；MoE 为 {8}%）；TPOT = 含其他序列提示的这一步；TTFT = 一个提示的预填充 + 半步。常数拟合自 41 个 TensorRT-LLM 数据和 6 个 MLPerf 数据（H100/H200 FP8，其中 10 个为 MoE，其步长为 1/0.64 倍；5 个为单卡 B200 上的 NVFP4，fp4 步长为 {9} 倍）。") \
  X(asm_kv_sequence, "KV cache: 2·L·kv_heads·head_dim·context·batch·bytes = {0} per sequence of {1} tokens at {2} B/element (NVIDIA: Llama-2-7B 16-bit 4096 tokens = 2 GiB).", "KV 缓存：2·L·kv_heads·head_dim·context·batch·bytes = 每条 {1} token 的序列 {0}，每元素 {2} B（NVIDIA：Llama-2-7B 16 位 4096 token = 2 GiB）。") \
  X(asm_runtime_overhead, "Runtime overhead per GPU: 1 GiB for the CUDA context and NCCL buffers (GPU-SPECS: 0.5-1.5 GiB reserved).", "每 GPU 的运行时开销：CUDA 上下文和 NCCL 缓冲区共 1 GiB（GPU-SPECS：预留 0.5-1.5 GiB）。") \
  X(asm_headroom, "Headroom: a plan fits only if it leaves {}% of GPU memory free (allocator fragmentation, NCCL and transient peaks; docs/estimation.md \"Headroom\"; --min-headroom sets it).", "显存余量：并行策略须留出 {}% 的 GPU 显存才算放得下（分配器碎片、NCCL 和瞬时峰值；见 docs/estimation.md \"Headroom\"；用 --min-headroom 设置）。") \
  X(asm_host_ram, "Host RAM: CPU offload must fit the node's RAM less 8 GB + 8 GB per GPU kept for the OS, data-loader workers and pinned buffers; DeepSpeed's 1.5x CPU buffer factor is included.", "主机内存：CPU 卸载须放得下节点内存减去 8 GB + 每 GPU 8 GB（留给操作系统、数据加载进程和锁页缓冲区）；已计入 DeepSpeed 的 1.5 倍 CPU 缓冲系数。") \
  X(asm_shape_derived, "Model shape derived from the parameter count (P ≈ 12·L·h², h ≈ 128·L).", "模型结构由参数量推导（P ≈ 12·L·h²，h ≈ 128·L）。") \
  X(asm_sentence, "{}.", "{}。") \
  X(asm_flops_full, "6", "6") \
  X(asm_flops_adapters, "4 for adapters: no weight gradients", "适配器为 4：无权重梯度") \
  X(asm_time_model, "time = optimizer steps x step time of the performance model (docs/estimation.md \"Performance model\")", "时间 = 优化器步数 × 性能模型的步长（docs/estimation.md \"Performance model\"）") \
  X(asm_time_flops, "time = FLOPs / (GPUs x peak dense TFLOPS x MFU)", "时间 = FLOPs / (GPU 数 × 稠密峰值 TFLOPS × MFU)") \
  X(asm_training_compute, "Training compute: {0} model FLOPs ({1} per parameter per token; Kaplan et al. 2020); {2}.", "训练计算量：{0} 模型 FLOPs（每参数每 token {1}；Kaplan et al. 2020）；{2}。") \
  X(asm_vcpus_assumed, " ({} vCPUs per node assumed)", "（假定每节点 {} 个 vCPU）") \
  X(asm_input_pipeline, "Input pipeline (--data-loader {0}): {1} images/s per decoding vCPU, {2}; the vCPUs less one per GPU decode{3}, and the job runs at the lower of their rate and the GPUs' (docs/estimation.md \"Input pipeline\").", "输入管线（--data-loader {0}）：每个解码 vCPU {1} 张图像/s，{2}；除每 GPU 留一个外，其余 vCPU 负责解码{3}，任务速度取其速率与 GPU 速率中较低者（docs/estimation.md \"Input pipeline\"）。") \
  X(asm_error_band, "Error band: 10th-90th percentile of published/predicted GPU-hours on the calibration runs of this regime{}.", "误差区间：该场景校准数据中公开值/预测值 GPU 小时之比的第 10 至第 90 百分位{}。") \
  X(asm_outside_regime, "; this job lies OUTSIDE the calibrated regime (GPU generation, method, size, scale or offload), so the band is the widest one, widened 1.5x", "；该任务超出校准范围（GPU 代际、方法、规模、集群大小或卸载），因此取最宽的区间并放宽 1.5 倍") \
  X(asm_spot_assumed, " (not published: assumed for the GPU class from AWS Spot Advisor's bands, estimated)", "（未公布：按 AWS Spot Advisor 对该类 GPU 的区间假定，属估算）") \
  X(asm_spot_training, "loses half a checkpoint interval of the whole job plus the restart", "损失整个任务半个检查点间隔的进度，外加重启时间") \
  X(asm_spot_serving, "leaves a replica down, and bills its replacement, for the restart time", "在重启期间少一个副本，并为替补副本计费") \
  X(asm_spot, "Spot: {0}% interruptions per instance-month{1}; each {2}.", "竞价实例：每实例每月 {0}% 的中断率{1}；每次中断{2}。") \
  X(asm_loader_cpu, "PyTorch DataLoader workers (PIL/torchvision JPEG decode and augmentation): ~150 images/s per vCPU, inside the 100-250 of published ResNet-50 input pipelines and below the ceiling of NVIDIA's DGX-2 case study (its 96 vCPUs could not feed 16 V100 at ~1,350 images/s each: under 225 per vCPU)", "PyTorch DataLoader 工作进程（PIL/torchvision 的 JPEG 解码和数据增强）：每 vCPU 约 150 张图像/s，处于公开的 ResNet-50 输入管线 100-250 的范围内，并低于 NVIDIA DGX-2 案例研究的上限（其 96 个 vCPU 喂不饱 16 块各约 1,350 张图像/s 的 V100：每 vCPU 不到 225）") \
  X(asm_loader_gpu, "NVIDIA DALI with GPU (nvJPEG) decoding: the vCPUs only read files and parse JPEG headers; assumption, 10x the CPU figure (NVIDIA's Deep Learning Examples feed 8 A100 at ~2,700 images/s each from a DGX A100's 256 vCPUs, 85 per vCPU, with DALI)", "NVIDIA DALI 用 GPU（nvJPEG）解码：vCPU 只读文件和解析 JPEG 头；假定为 CPU 数值的 10 倍（NVIDIA Deep Learning Examples 用 DALI 以 DGX A100 的 256 个 vCPU 喂 8 块各约 2,700 张图像/s 的 A100，每 vCPU 85）") \
  X(asm_hidden_costs, "Hidden costs: egress per GB, one public IP per instance, and block storage for one checkpoint plus the dataset for the job's duration.", "隐性成本：按 GB 计的出网流量、每实例一个公网 IP，以及任务期间存放一个检查点和数据集的块存储。") \
  X(dflt_experts_preset, "experts of {}: 2 of 8 routed experts per token assumed (the preset gives none)", "{} 的专家：假定每个 token 使用 8 个路由专家中的 2 个（预设未给出）") \
  X(dflt_vision_flops_preset, "forward FLOPs per image: {} (preset has none; 320 x parameters, ResNet-50's ratio)", "每张图像的前向 FLOPs：{}（预设未给出；参数量的 320 倍，ResNet-50 的比例）") \
  X(dflt_vision_flops, "forward FLOPs per image: {} (320 x parameters, ResNet-50's ratio)", "每张图像的前向 FLOPs：{}（参数量的 320 倍，ResNet-50 的比例）") \
  X(dflt_shape_of_preset, "shape of {0}: {1} derived from its {2} parameters (P ≈ 12·L·h², h ≈ 128·L)", "{0} 的结构：{1}，由其 {2} 个参数推导（P ≈ 12·L·h²，h ≈ 128·L）") \
  X(dflt_shape_words, "{0} layers, hidden {1}, {2} heads ({3} KV), FFN {4}, vocab {5}", "{0} 层，隐藏维度 {1}，{2} 个注意力头（{3} 个 KV 头），FFN {4}，词表 {5}") \
  X(dflt_experts, "experts: {0} of {1} routed experts per token{2}", "专家：每个 token 使用 {1} 个路由专家中的 {0} 个{2}") \
  X(dflt_experts_assumed, " (assumed, Mixtral's top-2 of 8; give --experts)", "（假定，同 Mixtral 的 8 选 2；可用 --experts 指定）") \
  X(dflt_params_from_shape, "parameters: {0} from the shape ({1}): 12·L·h² + vocab·h", "参数量：{0}，由结构（{1}）得出：12·L·h² + vocab·h") \
  X(dflt_model_resnet, "model: ResNet-50 (default for vision; 25.6M parameters, 8.2 GFLOPs per 224x224 image, torchvision)", "模型：ResNet-50（视觉任务的默认值；25.6M 参数，每张 224x224 图像 8.2 GFLOPs，torchvision）") \
  X(dflt_model_notebook, "model: {0} parameters (default for {1}: a small model to explore interactively)", "模型：{0} 参数（{1} 的默认值：便于交互探索的小模型）") \
  X(dflt_model_common, "model: {0} parameters (default for {1}: the most common open-weights size, e.g. Llama 2 7B)", "模型：{0} 参数（{1} 的默认值：最常见的开源权重规模，例如 Llama 2 7B）") \
  X(dflt_shape_derived, "shape derived from {0} parameters: {1} (P ≈ 12·L·h² with h ≈ 128·L as in the GPT-3 family; heads = h/128, FFN = 4h)", "由 {0} 个参数推导的结构：{1}（P ≈ 12·L·h²，按 GPT-3 系列取 h ≈ 128·L；头数 = h/128，FFN = 4h）") \
  X(dflt_model_image, "model: {0} (default for {1}: the most fine-tuned and served open image model; give --model)", "模型：{0}（{1} 的默认值：微调和部署最多的开源图像模型；可用 --model 指定）") \
  X(dflt_risk_averse, "--risk-averse: TTFT and TPOT targets met at the top of their calibrated bands (90% confidence), not at the estimate", "--risk-averse：TTFT 和 TPOT 目标按校准区间上限（90% 置信度）满足，而非按估计值") \
  X(dflt_hardware_link, "{0} ({1} GB/s per GPU)", "{0}（每 GPU {1} GB/s）") \
  X(dflt_hardware_pcie, "PCIe (the GPU has no NVLink)", "PCIe（该 GPU 没有 NVLink）") \
  X(dflt_hardware, "hardware: {0} x {1} per node; intra-node link assumed {2}; nodes assumed joined by InfiniBand, one {3} Gbit/s NIC per GPU (DGX reference design); host RAM not known, so CPU offload is not checked against it", "硬件：每节点 {0} × {1}；节点内互联假定为 {2}；节点间假定以 InfiniBand 连接，每 GPU 一块 {3} Gbit/s 网卡（DGX 参考设计）；主机内存未知，因此不检查 CPU 卸载是否放得下") \
  X(dflt_nodes_offering_most, "the offering's most per job", "该方案单任务的上限") \
  X(dflt_nodes_count, "{0} node{1}", "{0} 个节点") \
  X(dflt_nodes_none, "none fits", "都放不下") \
  X(dflt_nodes, "nodes: not given (--nodes), so the fewest that fit were searched, 1 to {0} ({1}): {2}", "节点数：未给出（--nodes），因此在 1 到 {0}（{1}）中搜索放得下的最少节点：{2}") \
  /* the plan sentence under the estimate's plan grid (estimate::describe_plan_words) */ \
  X(plan_where_nodes, "{0} GPUs ({1} nodes)", "{0} 块 GPU（{1} 个节点）") \
  X(plan_where_gpus, "{0} GPU{1}", "{0} 块 GPU") \
  X(plan_no_gpu, "{0} on {1}: {2} per GPU (no GPU given)", "{1} 上的 {0}：每 GPU {2}（未指定 GPU）") \
  X(plan_usable, "{0} usable ({1} less {2}% headroom)", "可用 {0}（{1} 减去 {2}% 余量）") \
  X(plan_within, " (searched within {})", "（在 {} 范围内搜索）") \
  X(plan_tp_too_wide, "does not fit: tensor parallel {0} needs {0} GPUs per node; this machine has {1}", "放不下：张量并行 {0} 需要每节点 {0} 块 GPU；该机器只有 {1} 块") \
  X(plan_ep_words, " with EP {0} (dividing the data-parallel GPUs and the {1} routed experts)", "，加 EP {0}（须整除数据并行的 GPU 数和 {1} 个路由专家）") \
  X(plan_layout_invalid, "does not fit: TP {0} x PP {1} x CP {2}{3} does not divide {4} GPU{5} evenly (or PP exceeds the {6} layers){7}", "放不下：TP {0} × PP {1} × CP {2}{3} 不能整除 {4} 块 GPU（或 PP 超过了 {6} 层）{7}") \
  X(plan_host_ram, "does not fit (host RAM): {0} on {1} needs {2} of CPU offload per node, above the {3} of RAM left after the reserve for the OS, data loaders and pinned buffers{4}", "放不下（主机内存）：{1} 上的 {0} 每节点需要 {2} 的 CPU 卸载，超过了为操作系统、数据加载和锁页缓冲区预留后剩下的 {3} 内存{4}") \
  X(plan_no_fp8_serving, "does not run: --precision fp8 needs FP8 tensor cores (Ada, Hopper, Blackwell, CDNA3), which this GPU lacks; use int8 (weight-only) or bf16 here, or a GPU with an FP8 peak", "无法运行：--precision fp8 需要 FP8 张量核心（Ada、Hopper、Blackwell、CDNA3），该 GPU 没有；这里请用 int8（仅权重）或 bf16，或换有 FP8 峰值的 GPU") \
  X(plan_no_fp8_training, "does not run: --precision fp8 needs FP8 tensor cores (Ada, Hopper, Blackwell, CDNA3), which this GPU lacks; train in bf16 here, or pick a GPU with an FP8 peak", "无法运行：--precision fp8 需要 FP8 张量核心（Ada、Hopper、Blackwell、CDNA3），该 GPU 没有；这里请用 bf16 训练，或换有 FP8 峰值的 GPU") \
  X(plan_no_fp4, "does not run: --precision fp4 needs FP4 tensor cores (NVFP4/MXFP4), which this GPU lacks; use fp8 here or a GPU with an FP4 peak (Blackwell)", "无法运行：--precision fp4 需要 FP4 张量核心（NVFP4/MXFP4），该 GPU 没有；这里请用 fp8，或换有 FP4 峰值的 GPU（Blackwell）") \
  X(plan_misses_image, "misses the latency target: one image takes up to {0} ms on one GPU (target {2} ms){1}; the pipeline fits ({3} of {4} per GPU)", "未达延迟目标：一张图像在一块 GPU 上最多需要 {0} ms（目标 {2} ms）{1}；流水线放得下（每 GPU {3} / {4}）") \
  X(plan_misses_targets, "misses the latency targets: the fastest plan, {0} on {1}, gives TTFT {2} ms and TPOT {3} ms at {8} confidence (estimates {9} and {10} ms; targets {4} and {5} ms); the weights fit ({6} of {7} per GPU)", "未达延迟目标：最快的并行策略（{1} 上的 {0}）在 {8} 置信度下 TTFT 为 {2} ms，TPOT 为 {3} ms（估计值 {9} 和 {10} ms；目标 {4} 和 {5} ms）；权重放得下（每 GPU {6} / {7}）") \
  X(plan_does_not_fit, "does not fit: the lightest plan, {0} on {1}, needs {2} per GPU, above {3}{4}", "放不下：最省显存的并行策略（{1} 上的 {0}）每 GPU 需要 {2}，超过了{3}{4}") \
  X(plan_fits, "{0} on {1}: {2} of {3} per GPU", "{1} 上的 {0}：每 GPU {2} / {3}") \
  X(plan_serving_latency, "; TTFT {0} ms before queueing, TPOT {1} ms (targets {2}, {3})", "；TTFT {0} ms（不含排队），TPOT {1} ms（目标 {2}、{3}）") \
  X(plan_cpu_offload, "; CPU offload {0} of {1} usable RAM per node", "；每节点 CPU 卸载 {0} / 可用内存 {1}") \
  X(plan_as_requested, " (as requested)", "（按要求）") \
  X(plan_serving_choice, "; the tensor parallel and batch that meet the targets at the most tokens per GPU", "；取满足目标且每 GPU token 数最多的张量并行和批大小") \
  X(plan_more_nodes, "; one node is not enough", "；一个节点不够") \
  X(plan_fastest, "; fastest of {0} plans that fit ({1} tried){2}", "；放得下的 {0} 个并行策略中最快的（共尝试 {1} 个）{2}") \
  X(plan_runner_up, "; runner-up {0}: {1}% slower", "；次优 {0}：慢 {1}%") \
  X(plan_fastest_on_gpu, "; fastest without CPU offload of {0} plans that fit ({1} tried){2}", \
    "；放得下的 {0} 个并行策略中不卸载到 CPU 的最快者（共尝试 {1} 个）{2}") \
  X(plan_runner_up_offload, "; {0} would be {1}% faster but offloads to CPU memory (chosen only where needed or over {2}% faster)", \
    "；{0} 快 {1}%，但要卸载到 CPU 内存（仅在必需或快 {2}% 以上时才选）") \
  /* the MFU's basis (estimate::mfu_basis_words) */ \
  X(mfu_given, "MFU {}% as given by --mfu", "MFU {}%，由 --mfu 给出") \
  X(mfu_prefill_assumed, "assumption: large batched matmuls", "假定：大批量矩阵乘") \
  X(mfu_prefill_fitted, "fitted on the serving calibration rows, docs/estimation.md", "拟合自推理校准数据，见 docs/estimation.md") \
  X(mfu_prefill, "prefill MFU {0}% ({1}; decode is bandwidth-bound)", "预填充 MFU {0}%（{1}；解码受带宽限制）") \
  X(mfu_diffusion_serving, "diffusion serving: fitted per GPU architecture on published latencies of FLUX.1, SD3, SD3.5 and SDXL", "扩散推理：按 GPU 架构拟合自 FLUX.1、SD3、SD3.5 和 SDXL 的公开延迟") \
  X(mfu_diffusion_training, "diffusion fine-tuning of a UNet or of every weight: the GPU's serving share times a training/serving ratio, a weak fit on published runs (SDXL LoRA: two; FLUX.1 full: one)", "UNet 或全量参数的扩散微调：该 GPU 的推理利用率乘以训练/推理比值，基于公开运行的弱拟合（SDXL LoRA：两个；FLUX.1 全量：一个）") \
  X(mfu_diffusion, "MFU {0}% ({1}, docs/estimation.md \"Image generation\")", "MFU {0}%（{1}，docs/estimation.md \"Image generation\"）") \
  X(mfu_model, "MFU {}% is the result of the performance model (compute at per-GPU matmul efficiency, TP/CP/PP/DP communication, pipeline bubble, offload, recomputation, failures; calibrated on published runs, docs/estimation.md)", "MFU {}% 是性能模型的结果（按单 GPU 矩阵乘效率计算，含 TP/CP/PP/DP 通信、流水线气泡、卸载、重计算和故障；以公开运行数据校准，见 docs/estimation.md）") \
  X(mfu_table, "MFU {0}% base: {1}", "MFU 基准 {0}%：{1}") \
  X(mfu_factor, "; x{0} for {1}: {2}", "；{1} 乘以 {0}：{2}") \
  X(mfu_used, " (MFU used {}%)", "（采用的 MFU 为 {}%）") \
  X(mfu_row_ampere, "A100: Llama 2 7B took 184,320 A100-80GB GPU-hours for 2T tokens, 39% MFU (Llama 2 model card)", "A100：Llama 2 7B 训练 2T token 用了 184,320 个 A100-80GB GPU 小时，MFU 39%（Llama 2 模型卡）") \
  X(mfu_row_ampere_large, "A100, >= 100B: Megatron-LM GPT-3 175B on 1024 A100 at 138 TFLOP/s per GPU, 44% (Narayanan et al. 2021)", "A100，>= 100B：Megatron-LM 在 1024 块 A100 上训练 GPT-3 175B，每 GPU 138 TFLOP/s，44%（Narayanan et al. 2021）") \
  X(mfu_row_hopper, "H100/H200: Llama 3 405B on 16k H100 at 38-43% MFU (Llama 3 paper, Table 4)", "H100/H200：Llama 3 405B 在 16k 块 H100 上的 MFU 为 38-43%（Llama 3 论文，表 4）") \
  X(mfu_row_volta, "V100: Megatron-LM 8.3B on 512 V100 at 39 TFLOP/s per GPU, 30% of 125 (Shoeybi et al. 2019)", "V100：Megatron-LM 8.3B 在 512 块 V100 上每 GPU 39 TFLOP/s，为 125 的 30%（Shoeybi et al. 2019）") \
  X(mfu_row_ada, "Ada (L4, L40S, RTX 4090): assumption, PCIe-only parts with less bandwidth per FLOP", "Ada（L4、L40S、RTX 4090）：假定，仅 PCIe 的型号，每 FLOP 带宽更少") \
  X(mfu_row_turing, "Turing (T4): assumption, as for Ada", "Turing（T4）：假定，同 Ada") \
  X(mfu_row_cdna3, "MI300X: assumption, ROCm training stacks report below the H100 figure", "MI300X：假定，ROCm 训练栈报告的数值低于 H100") \
  X(mfu_row_davinci, "Ascend 910B: assumption, as the other non-NVIDIA parts (vision models on torch_npu)", "昇腾 910B：假定，与其他非 NVIDIA 加速卡相同（视觉模型经 torch_npu 运行）") \
  X(mfu_row_unknown, "unknown architecture: assumption", "未知架构：假定") \
  X(mfu_factor_vision, "vision training", "视觉训练") \
  X(mfu_reason_vision, "ResNet-50 on A100 trains ~2,700 images/s, 22% of 312 TFLOPS (NVIDIA Deep Learning Examples)", "ResNet-50 在 A100 上训练约 2,700 张图像/s，为 312 TFLOPS 的 22%（NVIDIA Deep Learning Examples）") \
  X(mfu_factor_tiny, "model < 100M parameters", "模型 < 100M 参数") \
  X(mfu_reason_tiny, "matmuls too small to fill the tensor cores (assumption)", "矩阵乘太小，填不满张量核心（假定）") \
  X(mfu_factor_small, "model < 1B parameters", "模型 < 1B 参数") \
  X(mfu_reason_small, "small matmuls underuse the tensor cores (assumption)", "小矩阵乘无法充分利用张量核心（假定）") \
  X(mfu_factor_finetune, "fine-tuning", "微调") \
  X(mfu_reason_finetune, "short, padded sequences and frequent evaluation (assumption)", "序列短且有填充，评估频繁（假定）") \
  X(mfu_factor_qlora, "QLoRA", "QLoRA 微调") \
  X(mfu_reason_qlora, "each matmul dequantises NF4 weights first (assumption)", "每次矩阵乘前先反量化 NF4 权重（假定）") \
  X(mfu_factor_pcie, "PCIe-only multi-GPU", "仅 PCIe 的多 GPU") \
  X(mfu_reason_pcie, "gradient all-reduce of 2P bytes per step over PCIe (assumption)", "每步经 PCIe 对 2P 字节梯度做 all-reduce（假定）") \
  X(mfu_factor_no_rdma, "multi-node without RDMA", "无 RDMA 的多节点") \
  X(mfu_reason_no_rdma, "gradient all-reduce over TCP Ethernet between nodes (assumption)", "节点间经 TCP 以太网做梯度 all-reduce（假定）") \
  X(mfu_factor_offload, "CPU offload", "CPU 卸载") \
  X(mfu_reason_offload, "optimizer step and transfers over PCIe (ZeRO-Offload; assumption)", "优化器步骤和数据传输走 PCIe（ZeRO-Offload；假定）") \
  X(mfu_factor_vgpu, "vGPU share", "vGPU 份额") \
  X(mfu_reason_vgpu, "noisy neighbours on a time-sliced card (assumption)", "分时共享卡上的吵闹邻居（假定）") \
  /* catalog findings (catalog::load: limits, YAML shape, records; catalog validate lists them) */ \
  X(what_a_string, "a string", "字符串") \
  X(what_a_date, "a date YYYY-MM-DD", "YYYY-MM-DD 格式的日期") \
  X(what_currency_code, "a currency code such as USD", "货币代码（如 USD）") \
  X(what_number_or_null, "a number or null", "数字或 null") \
  X(what_true_or_false, "true or false", "true 或 false") \
  X(what_list_of_strings, "a list of strings", "字符串列表") \
  X(what_region_price_list, "a list of region price maps", "地域价格映射的列表") \
  X(what_a_value, "a value", "一个值") \
  X(what_a_map, "a map", "映射") \
  X(what_a_list, "a list", "列表") \
  X(what_an_alias, "an alias", "别名") \
  X(what_nothing, "nothing", "空") \
  X(what_single_value, "a single value", "单个值") \
  X(err_catalog_above_limit, "file is above the limit of {} bytes (LoadLimits::max_file_bytes)", "文件超过了 {} 字节的上限（LoadLimits::max_file_bytes）") \
  X(err_catalog_file_size, "file is {0} bytes, above the limit of {1} (LoadLimits::max_file_bytes)", "文件大小为 {0} 字节，超过了 {1} 的上限（LoadLimits::max_file_bytes）") \
  X(err_catalog_depth, "nesting deeper than {} levels of maps and lists (LoadLimits::max_depth)", "映射和列表的嵌套超过 {} 层（LoadLimits::max_depth）") \
  X(hint_catalog_depth, "flatten the file; catalog records need only a few levels", "请减少嵌套；目录记录只需要几层") \
  X(err_catalog_scalar, "value is {0} bytes, above the limit of {1} (LoadLimits::max_scalar_bytes)", "值的大小为 {0} 字节，超过了 {1} 的上限（LoadLimits::max_scalar_bytes）") \
  X(hint_shorten_value, "shorten the value", "请缩短该值") \
  X(err_catalog_anchor, "aliases are not supported (found an &anchor)", "不支持 YAML 别名（发现了 &锚点）") \
  X(hint_catalog_anchor, "remove the anchor and write values out in full", "请删除锚点并完整写出各值") \
  X(err_key_not_string, "keys must be strings, got {}", "键必须是字符串，实际为{}") \
  X(hint_key_plain_word, "write the key as a plain word, e.g. on_demand: 1.5", "请把键写成普通单词，例如 on_demand: 1.5") \
  X(err_catalog_second_document, "a catalog file holds one YAML document; found a second", "目录文件只能包含一个 YAML 文档；发现了第二个") \
  X(hint_catalog_second_document, "remove the '---' line or split the file", "请删除 '---' 行，或拆分文件") \
  X(err_catalog_top_not_map, "the top level must be a map (schema_version, gpus, providers, offerings, models, currencies), got {}", "顶层必须是映射（schema_version、gpus、providers、offerings、models、currencies），实际为{}") \
  X(hint_missing_schema_version_start, "start the file with 'schema_version: 1'", "请以 'schema_version: 1' 开头") \
  X(err_duplicate_top_key, "duplicate key {} in the top-level map", "顶层映射中的键 {} 重复") \
  X(hint_merge_two, "merge the two into one", "请把两者合并为一个") \
  X(err_schema_version, "schema_version must be 1, got {}", "schema_version 必须是 1，实际为{}") \
  X(hint_schema_version, "write 'schema_version: 1' (the only version this gpuselect reads)", "请写 'schema_version: 1'（本版 gpuselect 只读取该版本）") \
  X(err_not_record_list, "{0} must be a list of records, got {1}", "{0} 必须是记录列表，实际为{1}") \
  X(hint_record_list, "write each record as '- id: ...' under {}:", "请在 {}: 下把每条记录写成 '- id: ...'") \
  X(err_entry_not_map, "each entry of {0} must be a map, got {1}", "{0} 的每一项都必须是映射，实际为{1}") \
  X(hint_entry_map, "write the record as '- id: ...' with one key per line", "请把记录写成 '- id: ...'，每行一个键") \
  X(err_catalog_records, "more than {} records in all (LoadLimits::max_records)", "记录总数超过 {} 条（LoadLimits::max_records）") \
  X(hint_catalog_records, "split the catalog or remove records", "请拆分目录或删除部分记录") \
  X(err_record_no_id, "{0} record has no {1}", "{0} 记录缺少 {1}") \
  X(hint_record_no_id, "add '{0}: ...' naming the {1}; the record was skipped", "请加上 '{0}: ...' 为该 {1} 命名；该记录已跳过") \
  X(err_id_not_string, "{} must be a string", "{} 必须是字符串") \
  X(hint_record_skipped, "the record was skipped", "该记录已跳过") \
  X(err_id_blank, "{} is empty or only spaces and control characters", "{} 为空，或只有空格和控制字符") \
  X(hint_id_blank, "name the {}; the record was skipped", "请为该 {} 命名；该记录已跳过") \
  X(err_id_control, "{0} {1} holds control characters, bidirectional marks or invalid UTF-8 (shown as ?)", "{0} {1} 含有控制字符、双向标记或无效的 UTF-8（显示为 ?）") \
  X(hint_id_control, "use printable characters only; the record was skipped", "请只用可打印字符；该记录已跳过") \
  X(err_duplicate_id, "duplicate {0} {1} {2} in this file (first at line {3})", "本文件中 {0} 的 {1} {2} 重复（首次出现在第 {3} 行）") \
  X(hint_duplicate_id, "merge the two records or rename one; the second was skipped", "请合并这两条记录或重命名其一；第二条已跳过") \
  X(err_duplicate_record_key, "duplicate key {0} in one {1} record", "同一条 {1} 记录中的键 {0} 重复") \
  X(hint_duplicate_record_key, "keep one of them; the second was ignored", "请只保留一个；第二个已忽略") \
  X(hint_single_value, "write a single value", "请写单个值") \
  X(err_empty_list, "{} is an empty list", "{} 是空列表") \
  X(hint_empty_list, "name at least one item", "请至少写一项") \
  X(err_region_pricing_items, "items of 'region_pricing' must be maps, got a single value", "'region_pricing' 的各项必须是映射，实际为单个值") \
  X(hint_region_pricing_items, "write each item as {{region: NAME, on_demand: PRICE}}", "请把每项写成 {{region: NAME, on_demand: PRICE}}") \
  X(hint_region_pricing_entries, "write region_pricing entries as {{region: NAME, on_demand: PRICE, spot: PRICE}}", "请把 region_pricing 的各项写成 {{region: NAME, on_demand: PRICE, spot: PRICE}}") \
  X(err_region_pricing_no_region, "region_pricing entry has no region", "region_pricing 的条目缺少 region") \
  X(hint_region_pricing_no_region, "add 'region: NAME' to the entry", "请在该条目中加上 'region: NAME'") \
  X(err_region_twice, "region {} appears twice in region_pricing", "地域 {} 在 region_pricing 中出现了两次") \
  X(hint_region_twice, "keep one entry per region", "每个地域只保留一项") \
  X(hint_record_missing_keys, "add them; a record with a new {0} needs them (an overlay must reuse an existing {0})", "请补上；新 {0} 的记录需要这些键（覆盖层必须沿用已有的 {0}）") \
  X(hint_gpus_by_id, "offerings name GPUs by id", "方案按 ID 引用 GPU") \
  X(hint_add_gpu, "add it under gpus: or fix the id", "请在 gpus: 下添加它，或修正 ID") \
  X(err_gpu_fraction_isolation, "offering {0} has gpu_fraction {1} but isolation {2}", "方案 {0} 的 gpu_fraction 为 {1}，但 isolation 为 {2}") \
  X(hint_gpu_fraction_isolation, "a share of one GPU needs 'isolation: vgpu'; otherwise set gpu_fraction: 1", "单卡份额需要 'isolation: vgpu'；否则请设 gpu_fraction: 1") \
  X(err_on_demand_too_low, "pricing.on_demand {0} is out of range (must be at least 0.001) for offering {1}", "方案 {1} 的 pricing.on_demand {0} 超出范围（至少为 0.001）") \
  X(hint_on_demand_too_low, "write the price per instance-hour; only a provider of 'kind: owned' may cost 0", "请写每实例小时的价格；只有 'kind: owned' 的云厂商可以为 0") \
  X(err_spot_reclaim_unsourced, "provider {0} sets spot_reclaim.notice_seconds {1} without {2} in the same file", "云厂商 {0} 设置了 spot_reclaim.notice_seconds {1}，但同一文件中没有 {2}") \
  X(hint_spot_reclaim_unsourced, "add spot_reclaim.source (the page that publishes the notice) and spot_reclaim.as_of (the date it was read) next to it", "请在旁边加上 spot_reclaim.source（发布该通知时长的页面）和 spot_reclaim.as_of（读取日期）") \
  X(err_block_sizes_crossed, "provider {0} sells capacity blocks of at least {1} instances (capacity_block.min_instances) and at most {2} (capacity_block.max_instances)", "云厂商 {0} 的容量块至少 {1} 台实例（capacity_block.min_instances），最多却只有 {2} 台（capacity_block.max_instances）") \
  X(hint_block_sizes_crossed, "set capacity_block.min_instances at most capacity_block.max_instances, as the provider's page states them", "请按云厂商页面所写，把 capacity_block.min_instances 设为不大于 capacity_block.max_instances") \
  X(err_price_ceiling, "{0} {1} {2} is {3} USD per instance-hour for offering {4}, above the {5} USD ceiling", "方案 {4} 的 {0} {1} {2} 折合每实例小时 {3} USD，超过了 {5} USD 的上限") \
  X(hint_price_ceiling, "write the price per instance-hour in the provider's currency (not per month, not in cents)", "请以云厂商的货币写每实例小时的价格（不是每月，也不是以分为单位）") \
  /* catalog validate's warnings (catalog::lint) */ \
  X(lint_gpu, "gpu {}", "GPU 型号 {}") \
  X(lint_offering, "offering {}", "方案 {}") \
  X(lint_provider, "provider {}", "云厂商 {}") \
  X(lint_currency, "currency {}", "货币 {}") \
  X(lint_future, "{0} as_of {1} is in the future (today is {2})", "{0} 的 as_of {1} 在未来（今天是 {2}）") \
  X(lint_fix_date, "fix the date", "请修正日期") \
  X(lint_stale, "{0} data is {1} days old (as_of {2}; stale after {3} days)", "{0} 的数据已有 {1} 天（as_of {2}；超过 {3} 天即视为过时）") \
  X(lint_recheck, "re-check the source and update the values and as_of", "请重新核对来源，并更新数值和 as_of") \
  X(lint_fp8_below, "{0} has fp8_dense_tflops {1} below bf16_dense_tflops {2}", "{0} 的 fp8_dense_tflops {1} 低于 bf16_dense_tflops {2}") \
  X(lint_fp8_below_hint, "fp8 tensor throughput is at least the bf16 figure on every GPU with fp8; check both", "支持 fp8 的 GPU 的 fp8 张量吞吐至少等于 bf16；请核对两者") \
  X(lint_usable_above, "{0} has usable_memory_mib {1} above memory_gb * 1024 = {2}", "{0} 的 usable_memory_mib {1} 高于 memory_gb * 1024 = {2}") \
  X(lint_usable_above_hint, "the driver reports less than the label; check the unit (MiB)", "驱动报告的容量小于标称值；请检查单位（MiB）") \
  X(lint_flop_per_byte, "{0} has {1} bf16 FLOP per byte of bandwidth, outside the plausible {2} to {3}", "{0} 每字节带宽对应 {1} 个 bf16 FLOP，超出合理范围 {2} 到 {3}") \
  X(lint_flop_per_byte_hint, "check the units: bf16_dense_tflops in TFLOPS, memory_bandwidth_gbps in GB/s", "请检查单位：bf16_dense_tflops 以 TFLOPS 计，memory_bandwidth_gbps 以 GB/s 计") \
  X(lint_market_above, "offering {0} has {1} {2} = {3} USD per GPU-hour, {4}x above the market median {5} of {6} other offerings of {7}", "方案 {0} 的 {1} {2} 折合每 GPU 小时 {3} USD，是 {7} 其他 {6} 个方案市场中位数 {5} 的 {4} 倍") \
  X(lint_market_below, "offering {0} has {1} {2} = {3} USD per GPU-hour, {4}x below the market median {5} of {6} other offerings of {7}", "方案 {0} 的 {1} {2} 折合每 GPU 小时 {3} USD，比 {7} 其他 {6} 个方案的市场中位数 {5} 低 {4} 倍") \
  X(lint_market_hint, "check the price and its unit: per instance-hour, in the provider's currency", "请核对价格及其单位：每实例小时，以云厂商的货币计") \
  X(lint_market_likely, "it looks like {}; prices are per instance-hour", "看起来是{}；价格应为每实例小时") \
  X(lint_slip_per_gpu, "a price per GPU: the {0}-GPU instance would be {1} (x{0})", "单 GPU 的价格：{0} 卡实例应为 {1}（×{0}）") \
  X(lint_slip_monthly, "a monthly price: per hour it would be {} (/730)", "月价：按小时应为 {}（/730）") \
  X(lint_slip_cents, "a price in cents: it would be {} (/100)", "以分为单位的价格：应为 {}（/100）") \
  X(lint_price_above, "{0} has pricing.{1} {2} above pricing.{3} {4}", "{0} 的 pricing.{1} {2} 高于 pricing.{3} {4}") \
  X(lint_discount_hint, "a discounted mode normally costs less; check both prices", "优惠计费方式通常更便宜；请核对两个价格") \
  X(lint_term_below_day, "{0} has pricing.{1} {2}, less than one day of on_demand {3}", "{0} 的 pricing.{1} 为 {2}，还不到按需价格 {3} 一天的费用") \
  X(lint_term_monthly_hint, "pricing.monthly is per instance-month, not per hour; write the term's price", "pricing.monthly 按实例月计价而非按小时；请写整个期限的价格") \
  X(lint_term_yearly_hint, "pricing.yearly is per instance-year, not per hour; write the term's price", "pricing.yearly 按实例年计价而非按小时；请写整个期限的价格") \
  X(lint_region_unlisted, "{0} prices region {1}, which its regions do not list; the entry is unused", "{0} 为地域 {1} 定价，但其 regions 中没有该地域；该条目未被使用") \
  X(lint_region_unlisted_hint, "add the region to regions, or remove the entry", "请把该地域加入 regions，或删除该条目") \
  X(lint_region_spot_above, "{0} in {1} has spot {2} above on_demand {3}", "{0} 在 {1} 的 spot {2} 高于 on_demand {3}") \
  X(lint_region_below_median, "{0} in {1} has on_demand {2}, under half the median {3} of its {4} regions", "{0} 在 {1} 的 on_demand 为 {2}，不到其 {4} 个地域中位数 {3} 的一半") \
  X(lint_region_below_median_hint, "a region at half its others' price is often another SKU (committed use, flex-start, a discount) read as on-demand: check the provider's price page for that region, or leave its on_demand null", "某地域价格只有其他地域的一半，往往是把另一种计费（承诺使用折扣、灵活启动、优惠价）误读为按需价：请到云厂商该地域的价格页核对，或将其 on_demand 设为 null") \
  X(lint_no_price, "{} has no price in any mode", "{} 在任何计费方式下都没有价格") \
  X(lint_no_price_hint, "add at least pricing.on_demand, or remove the offering", "请至少加上 pricing.on_demand，或删除该方案") \
  /* catalog import skypilot (catalog::import_skypilot) */ \
  X(err_csv_field_size, "field is {0} bytes, above the limit of {1} (LoadLimits::max_scalar_bytes)", "字段大小为 {0} 字节，超过了 {1} 的上限（LoadLimits::max_scalar_bytes）") \
  X(hint_skypilot_file, "check that this is a SkyPilot vms.csv file", "请确认这是 SkyPilot 的 vms.csv 文件") \
  X(err_csv_not_utf8, "field is not valid UTF-8 text", "字段不是有效的 UTF-8 文本") \
  X(hint_save_utf8, "save the file as UTF-8", "请以 UTF-8 保存文件") \
  X(err_csv_control, "field holds control character {}", "字段含有控制字符 {}") \
  X(hint_csv_control, "remove it; fields are plain text", "请删除它；字段应为纯文本") \
  X(err_csv_line_break, "{} holds a line break", "{} 中有换行") \
  X(hint_csv_line_break, "write the name on one line (a quoted line break is kept only in other columns)", "请把名称写在一行内（带引号的换行只在其他列中保留）") \
  X(err_csv_count_above, "AcceleratorCount {} is above 64 GPUs in one instance", "AcceleratorCount {} 超过了单实例 64 块 GPU") \
  X(hint_csv_count_above, "write the GPUs of one instance (8 for an 8-GPU node)", "请写单个实例的 GPU 数（8 卡节点写 8）") \
  X(err_csv_count_share, "AcceleratorCount {} is neither a whole number nor a share below 1", "AcceleratorCount {} 既不是整数，也不是小于 1 的份额") \
  X(hint_csv_count_share, "write a whole GPU count, or a fraction below 1 for a shared GPU", "请写整数 GPU 数；共享 GPU 写小于 1 的小数") \
  X(hint_csv_number, "write a plain decimal number such as 1.25, or leave the field empty", "请写普通小数，例如 1.25，或留空") \
  X(hint_csv_negative, "write a number >= 0, or leave the field empty", "请写 >= 0 的数，或留空") \
  X(err_csv_column_problem, "{0}: {1}", "{0}：{1}") \
  X(err_csv_column_twice, "column {0} appears twice (fields {1} and {2})", "列 {0} 出现了两次（第 {1} 和第 {2} 个字段）") \
  X(hint_csv_column_twice, "keep one column of each name", "每个列名只保留一列") \
  X(err_csv_header_lacks, "header lacks required column(s) {}", "表头缺少必需的列：{}") \
  X(hint_csv_header, "a SkyPilot vms.csv header names InstanceType, AcceleratorName, AcceleratorCount, Price and Region (any order); found: {}", "SkyPilot vms.csv 的表头应含 InstanceType、AcceleratorName、AcceleratorCount、Price 和 Region（顺序不限）；实际为：{}") \
  X(err_csv_empty, "empty file: no header row", "文件为空：没有表头行") \
  X(hint_csv_empty, "import a SkyPilot vms.csv (its first line names the columns)", "请导入 SkyPilot 的 vms.csv（其第一行为列名）") \
  /* catalog update and catalog import (src/cli/catalog_update.cpp) */ \
  X(err_not_cloud, "{} is not a cloud name", "{} 不是云名称") \
  X(hint_cloud_names, "give names such as aws,gcp,lambda", "请给出 aws,gcp,lambda 这样的名称") \
  X(err_update_would_not_load, "the imported prices would not load ({}); nothing was stored", "导入的价格无法加载（{}）；未保存任何内容") \
  X(hint_update_would_not_load, "check the source files (catalog import skypilot FILE shows the import), or report it", "请检查源文件（catalog import skypilot FILE 可显示导入结果），或报告该问题") \
  X(err_update_sanity, "the new prices differ from the stored update of {0} beyond the sanity bounds ({1}); nothing was stored", "新价格与 {0} 保存的更新相差超出了合理范围（{1}）；未保存任何内容") \
  X(hint_update_sanity, "check the source (a truncated feed, a unit or --price-basis mistake, a missing --cloud); if the change is real, run again with --accept-changes", "请检查来源（数据被截断、单位或 --price-basis 有误、缺少 --cloud）；若变化属实，请加 --accept-changes 重新运行") \
  X(err_no_data_home, "neither XDG_DATA_HOME (an absolute path) nor HOME is set", "XDG_DATA_HOME（绝对路径）和 HOME 都未设置") \
  X(hint_set_one, "set one of them", "请设置其中一个") \
  X(err_from_bare_csv, "{} holds a bare vms.csv, which names no cloud", "{} 中只有一个 vms.csv，无法得知是哪个云") \
  X(hint_from_bare_csv, "point --from at the folder above it (DIR holding <cloud>/vms.csv), or import the one file with 'gpuselect catalog import skypilot FILE --provider ID'", "请让 --from 指向上一级目录（DIR 下为 <cloud>/vms.csv），或用 'gpuselect catalog import skypilot FILE --provider ID' 导入这一个文件") \
  X(err_from_empty, "no vms.csv copies in {}", "{} 中没有 vms.csv") \
  X(hint_from_empty, "put each cloud's file at DIR/<cloud>/vms.csv (as in skypilot-catalog/catalogs/v9)", "请把每个云的文件放在 DIR/<cloud>/vms.csv（同 skypilot-catalog/catalogs/v9）") \
  X(err_http_status, "the server answered HTTP {}", "服务器返回 HTTP {}") \
  X(hint_http_status, "try again later, or use --from DIR with local copies", "请稍后重试，或用 --from DIR 读取本地副本") \
  X(err_download_cut, "the download ends mid-row (no line end after the last row): it was cut", "下载内容在一行中间结束（最后一行后没有换行）：已被截断") \
  X(hint_download_cut, "try again; nothing was stored", "请重试；未保存任何内容") \
  X(err_no_cloud_read, "no cloud's catalog could be read", "没有读到任何云的目录") \
  X(hint_no_cloud_read, "check the cloud names (SkyPilot's: aws, gcp, azure, lambda, runpod, ...)", "请检查云名称（SkyPilot 的名称：aws、gcp、azure、lambda、runpod 等）") \
  X(err_not_cloud_basis, "{} is not CLOUD=BASIS", "{} 不是 CLOUD=BASIS 形式") \
  X(hint_cloud_basis, "give one basis (detect, instance, gpu) or a list such as mithril=instance,runpod=gpu", "请给出一种基准（detect、instance、gpu），或 mithril=instance,runpod=gpu 这样的列表") \
  X(err_no_gpu_offerings, "no GPU offerings found", "没有找到 GPU 方案") \
  X(hint_no_gpu_offerings, "of {0} rows, {1} name accelerators the catalog does not know, {2} are non-GPU accelerators and {3} could not be read (warnings above); add GPU aliases or check that this is a {4} file", "{0} 行中，{1} 行的加速卡不在目录中，{2} 行是非 GPU 加速卡，{3} 行无法读取（见上方警告）；请添加 GPU 别名，或确认这是 {4} 文件") \
  X(err_csv_above_limit, "input is above the limit of {} bytes (max_csv_bytes)", "输入超过了 {} 字节的上限（max_csv_bytes）") \
  X(err_import_records, "the import holds {0} records, above the loader's limit of {1} (LoadLimits::max_records); nothing was written", "导入包含 {0} 条记录，超过了加载器 {1} 条的上限（LoadLimits::max_records）；未写入任何内容") \
  X(err_import_bytes, "the import makes a {0}-byte catalog, above the loader's limit of {1} bytes (LoadLimits::max_file_bytes); nothing was written", "导入生成的目录为 {0} 字节，超过了加载器 {1} 字节的上限（LoadLimits::max_file_bytes）；未写入任何内容") \
  X(hint_import_fewer, "import fewer instance types (split the file by accelerator or region)", "请少导入一些实例类型（按加速卡或地域拆分文件）") \
  /* catalog validate's summary lines (render::validate_findings, validate_summary) */ \
  X(val_no_hint, "no hint", "无提示") \
  X(val_more_errors, "{0} more errors like these not listed ({1}); --max-per-kind 0 lists all", "另有 {0} 处同类错误未列出（{1}）；加 --max-per-kind 0 可全部列出") \
  X(val_more_warnings, "{0} more warnings like these not listed ({1}); --max-per-kind 0 lists all", "另有 {0} 处同类警告未列出（{1}）；加 --max-per-kind 0 可全部列出") \
  X(val_not_shown, "{0} more diagnostics not shown (the first {1} are kept); fix these and validate again", "另有 {0} 条诊断未显示（只保留前 {1} 条）；请修正这些后再次校验") \
  X(val_valid, "valid: {0} files, {1} GPUs, {2} providers, {3} offerings, {4} models; {5} errors, {6} warnings{7}", "有效：{0} 个文件，{1} 款 GPU，{2} 家云厂商，{3} 个方案，{4} 个模型；{5} 处错误，{6} 处警告{7}") \
  X(val_invalid, "invalid: {0} files, {1} GPUs, {2} providers, {3} offerings, {4} models; {5} errors, {6} warnings{7}", "无效：{0} 个文件，{1} 款 GPU，{2} 家云厂商，{3} 个方案，{4} 个模型；{5} 处错误，{6} 处警告{7}") \
  X(val_builtin_hidden, " ({} in the built-in catalog not shown; --include-builtin shows them)", "（内置目录中的 {} 条未显示；加 --include-builtin 可显示）") \
  X(hint_decimal_comma_flow, "a decimal comma inside {{ }} splits the number at the comma; use a dot as the decimal separator (2.5, not 2,5)", "{{ }} 中的小数逗号会把数字从逗号处拆开；小数点请用英文句点（2.5，而不是 2,5）") \
  X(hint_keys_of_list, "the keys of {} are in docs/catalog.md", "{} 的键见 docs/catalog.md") \
  X(hint_did_you_mean_one_of, "did you mean one of {0}? ({1})", "是否要输入 {0} 之一？（{1}）") \
  /* catalog models' columns (render::models) */ \
  X(mdl_id, "id", "模型 ID") \
  X(mdl_family, "family", "类别") \
  X(mdl_params, "params", "参数量") \
  X(mdl_layers, "layers", "层数") \
  X(mdl_hidden, "hidden", "隐藏维度") \
  X(mdl_heads, "heads", "注意力头") \
  X(mdl_kv_heads, "kv heads", "KV 头") \
  X(mdl_attention, "attention", "注意力") \
  X(mdl_experts, "experts (top-k + shared)", "专家（top-k + 共享）") \
  X(mdl_active, "active", "激活参数") \
  X(mdl_context, "context", "上下文") \
  X(mdl_source, "source", "来源") \
  /* errors and hints (gpuselect::Error::said): <what> and <what to do> of "gpuselect: error: <where>: ..." */ \
  X(err_did_you_mean, "did you mean {0}? ({1})", "是否要输入 {0}？（{1}）") \
  X(err_choose_one_of, "choose one of: {}", "可选值：{}") \
  X(err_unknown, "unknown {0} {1}", "未知的{0} {1}") \
  X(err_see, "see {}", "参见 {}") \
  X(err_run, "run {}", "运行 {} 查看用法") \
  X(err_then, "{0}; {1}", "{0}; {1}") \
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
  X(clause_then, "; {}", "；{}") \
  X(list_or, "{0} or {1}", "{0} 或 {1}") \
  X(hint_plain_money, "write the amount as a plain number in the output currency (--currency): {}", "金额请写成输出货币（--currency）下的纯数字：{}") \
  X(hint_plain_money_in, "write the amount as a plain number in {1}, this run's currency (--currency): {0}", "金额请写成本次运行所用货币 {1}（--currency）下的纯数字：{0}") \
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
  X(err_global_batch_below_sequence, "{0} tokens a step is less than one {1}-token sequence", "每步 {0} 个 token，不足一条 {1} token 的序列") \
  X(hint_global_batch_at_least, "a step holds whole sequences: give at least {0} (--seq-len) tokens, e.g. --global-batch {1}", "一步由完整序列组成：至少给出 {0}（--seq-len）个 token，例如 --global-batch {1}") \
  X(err_qlora_precision, "--method qlora computes in bf16 or fp16 (its 4-bit base is dequantised for every matmul); {0} does not apply to it", "--method qlora 以 bf16 或 fp16 计算（其 4 位基座在每次矩阵乘前反量化）；{0} 不适用") \
  X(hint_qlora_precision, "drop --precision (bf16), or use --method lora for an fp8 LoRA", "请去掉 --precision（即 bf16），或用 --method lora 做 fp8 LoRA") \
  X(err_layout_framework, "--framework {0} does not run {1} above 1 for --method {2} (docs/estimation.md \"Layouts each framework runs\")", "--framework {0} 在 --method {2} 下不支持大于 1 的 {1}（见 docs/estimation.md“Layouts each framework runs”）") \
  X(hint_layout_framework, "drop {0} (the plan search uses the layouts {1} runs), or add --framework megatron, which runs it", "请去掉 {0}（计划搜索只用 {1} 支持的并行方式），或加 --framework megatron（它支持该并行方式）") \
  X(err_tensor_parallel_beyond_heads, "a tensor-parallel group of {0} GPUs is more than {1}'s {2} attention heads, which it splits among its GPUs", "{0} 个 GPU 的张量并行组超过了 {1} 的 {2} 个注意力头（张量并行在组内 GPU 间切分注意力头）") \
  X(err_tensor_parallel_uneven, "{0}'s {1} attention heads do not split evenly over a tensor-parallel group of {2} GPUs (each GPU holds whole heads)", "{0} 的 {1} 个注意力头无法均分到 {2} 个 GPU 的张量并行组（每个 GPU 持有完整的注意力头）") \
  X(hint_tensor_parallel_even, "give --tensor-parallel {0} (the most GPUs that split them evenly, up to the value given), or leave it out to search the plans", "给出 --tensor-parallel {0}（不超过所给值、能均分注意力头的最多 GPU 数），或省略它以搜索并行方案") \
  X(err_tensor_parallel_beyond_instance, "a tensor-parallel group of {0} GPUs is more than the largest instance in the catalog holds ({1} GPUs): tensor parallelism stays inside one instance, on its GPUs' own links", "{0} 个 GPU 的张量并行组超过了目录中最大实例的 GPU 数（{1} 个）：张量并行只在一个实例内、经 GPU 自身的互联进行") \
  X(hint_tensor_parallel_instance, "give --tensor-parallel {0} or less (training: split the rest with --pipeline-parallel), or leave it out to search the plans", "给出不超过 {0} 的 --tensor-parallel（训练时用 --pipeline-parallel 切分其余部分），或省略它以搜索并行方案") \
  X(hint_tensor_parallel_at_most, "give --tensor-parallel {0} or less, or leave it out to search the plans", "给出不超过 {0} 的 --tensor-parallel，或省略它以搜索并行方案") \
  X(hint_global_batch_example, "write the tokens per optimizer step, e.g. 4M", "写出每个优化器步的 token 数，例如 4M") \
  X(err_value_empty, "the value is empty", "值为空") \
  X(err_two_words, "{} is two words", "{} 被拆成了两个词") \
  X(hint_join_unit, "write the unit joined to the number: {0} {1}{2}", "单位请紧跟数字书写：{0} {1}{2}") \
  X(err_unexpected_word, "unexpected word {}", "多余的词 {}") \
  X(hint_list_gpu_offerings, "to list offerings of a GPU, use {}", "要列出某款 GPU 的方案，请用 {}") \
  X(hint_list_offerings, "to list GPU offerings, use {}", "要列出 GPU 方案，请用 {}") \
  X(err_foreign_option, "unknown option ({} word)", "未知选项（{} 的写法）") \
  X(hint_use, "use {}", "请用 {}") \
  X(err_missing_value, "the flag needs a value", "缺少取值") \
  X(err_required, "the flag is required", "为必需选项，但未给出") \
  X(err_command_required, "a command is required", "缺少命令") \
  X(err_unexpected_arguments, "unexpected arguments: {}", "多余的参数：{}") \
  X(err_option_excludes, "{0} cannot be used with {1}", "{0} 不能与 {1} 同时使用") \
  X(err_option_requires, "{0} requires {1}", "{0} 需要同时给出 {1}") \
  X(err_command_line, "{}", "命令行有误：{}") \
  X(err_no_match, "no offering satisfies the job and constraints", "没有方案能满足任务和约束") \
  X(hint_no_match_loosen, "loosen the constraints or add offerings to the catalog", "请放宽约束，或向目录添加方案") \
  X(hint_no_match_top, "{0} removed the most ({1} candidate{2}){3}; loosen it, or run with --show-excluded to see why", "{0} 排除的候选最多（{1} 个）{3}；请放宽该约束，或加 --show-excluded 查看原因") \
  X(hint_no_match_admits, " ({0} {1} admits the cheapest of them, {2} on {3} node{4})", "（{0} 放宽到 {1} 即可纳入其中最便宜的 {2}，{3} 个节点）") \
  X(hint_no_match_gpu_unsold, "no offering in the catalog sells {0}: add the offers you can buy (a quote, an owned cluster) in a catalog overlay, gpuselect --catalog FILE recommend ... (docs/catalog.md \"Overlays\"), or drop --gpu", "目录中没有出售 {0} 的方案：请把你能买到的方案（报价、自有集群）写进目录叠加文件，用 gpuselect --catalog FILE recommend ...（见 docs/catalog.md“Overlays”），或去掉 --gpu") \
  X(hint_no_match_block, "; {0} nodes of {1} meet it, more than open capacity usually has free at once: a block that size is a reservation (--pricing capacity-block where the provider sells capacity blocks, or --pricing reserved-1y --reserved-other-use when a 1-year term has other work)", "；{1} 的 {0} 个节点可满足，但超出开放容量通常一次能空出的数量：这么大的资源块需要预留（云厂商出售容量块时加 --pricing capacity-block，或在 1 年期内另有其他工作时用 --pricing reserved-1y --reserved-other-use）") \
  X(hint_no_match_scale_out, "; --max-nodes {0} meets it on {1}", "；在 {1} 上设 --max-nodes {0} 即可满足") \
  X(hint_no_match_tied, "{0} removed the most ({1} candidate{2} each){3}; loosen them, or run with --show-excluded to see why", "{0} 排除的候选最多（各 {1} 个）{3}；请放宽这些约束，或加 --show-excluded 查看原因") \
  X(hint_no_match_rule, "the rule that {0} lifts (production tier or --risk-averse) removed the most ({1} candidate{2}){3}; pass {0} if the job can take that risk, or run with --show-excluded to see why", "{0} 可解除的规则（生产级别或 --risk-averse）排除的候选最多（{1} 个）{3}；若作业可承受该风险请加 {0}，或加 --show-excluded 查看原因") \
  X(hint_no_match_rules, "the rules that {0} lift (production tier or --risk-averse) removed the most ({1} candidate{2} each){3}; pass those the job can take, or run with --show-excluded to see why", "{0} 可解除的规则（生产级别或 --risk-averse）排除的候选最多（各 {1} 个）{3}；请加作业可承受的那些标志，或加 --show-excluded 查看原因") \
  X(hint_no_match_memory_largest, "the job does not fit in GPU memory on most offerings ({1} candidate{2}){3}, not even on the most nodes any offering clusters ({5}: a larger --max-nodes adds none); make the job lighter (method, precision, sequence length, batch), or run with --show-excluded to see why", "多数方案的显存装不下此任务（{1} 个）{3}，即使用任何方案可组成的最多节点（{5} 个：更大的 --max-nodes 也不会增加）也装不下；请减轻任务（方法、精度、序列长度、批大小），或加 --show-excluded 查看原因") \
  X(hint_no_match_memory, "the job does not fit in GPU memory on most offerings ({1} candidate{2}){3}; allow more GPUs or nodes (--max-nodes), or make the job lighter (method, precision, sequence length, batch), or run with --show-excluded to see why", "多数方案的显存装不下此任务（{1} 个）{3}；可允许更多 GPU 或节点（--max-nodes），或减轻任务（方法、精度、序列长度、批大小），或加 --show-excluded 查看原因") \
  X(hint_no_match_memory_serving, "a replica does not fit in one instance's GPU memory on most offerings ({1} candidate{2}){3}; make the replica lighter ({4}) or ask for GPUs with more memory (--gpu-memory), or run with --show-excluded to see why", "多数方案单个实例的显存装不下一个副本（{1} 个）{3}；请减轻副本（{4}）或要求显存更大的 GPU（--gpu-memory），或加 --show-excluded 查看原因") \
  X(hint_no_match_host_ram, "the CPU offload needs more host RAM than most nodes have ({1} candidate{2}){3}, and more nodes do not spread it enough (each offering's own largest cluster, or --max-nodes); choose GPUs with more memory (less to offload), or run with --show-excluded to see why", "多数节点的主机内存放不下 CPU 卸载的数据（{1} 个）{3}，增加节点也分摊不够（受各方案自身最大集群或 --max-nodes 限制）；请选择显存更大的 GPU（需卸载的更少），或加 --show-excluded 查看原因") \
  X(hint_no_match_software_serving, "the GPUs' serving engines are weak (a port) or unsupported for this job on most offerings ({1} candidate{2}){3}: production serving waits for a mature engine; pass --allow-immature-stack to rank them anyway (W-SOFTWARE-STACK says what the port lacks), or run with --show-excluded to see why", "多数方案的 GPU 推理引擎对此任务支持较弱（移植版）或不支持（{1} 个）{3}：生产推理需要成熟的引擎；加 --allow-immature-stack 可仍对其排名（W-SOFTWARE-STACK 会说明移植版的不足），或加 --show-excluded 查看原因") \
  X(hint_no_match_software_training, "the GPUs' software stack runs this job's method or precision only through an experimental port, or not at all, on most offerings ({1} candidate{2}){3}: production training waits for a mature stack; run the job in bf16 (--method lora for QLoRA, --precision bf16 for FP8), pass --allow-immature-stack to rank them anyway (W-SOFTWARE-STACK says what the port lacks), name the GPU with --gpu, use --training-tier development, or run with --show-excluded to see why", "多数方案的 GPU 软件栈仅通过实验性移植版支持此任务的方法或精度，或完全不支持（{1} 个）{3}：生产训练需要成熟的软件栈；可改用 bf16 运行（QLoRA 改 --method lora，FP8 改 --precision bf16），或加 --allow-immature-stack 仍对其排名（W-SOFTWARE-STACK 会说明移植版的不足），或用 --gpu 指明 GPU、使用 --training-tier development，或加 --show-excluded 查看原因") \
  X(hint_no_match_software_fp16, "the GPUs that hold this job have no bf16 units and the model overflows fp16 on them ({1} candidate{2}){3}: no flag makes it run correctly (--allow-immature-stack would rank rows that produce NaNs); rent a GPU with bf16 units (A100, L4, L40S, H100 or newer: another --provider or --gpu), or run with --show-excluded to see why", "能容纳此任务的 GPU 没有 bf16 单元，而该模型在 fp16 下会溢出（{1} 个）{3}：任何标志都无法让其正确运行（--allow-immature-stack 会将其纳入排名，但输出为 NaN）；请租用有 bf16 单元的 GPU（A100、L4、L40S、H100 或更新：换 --provider 或 --gpu），或加 --show-excluded 查看原因") \
  X(hint_no_match_software, "the GPUs' software stack does not run this job's method or precision on most offerings ({1} candidate{2}){3}; pass --allow-immature-stack to rank them anyway, or run with --show-excluded to see why", "多数方案的 GPU 软件栈不支持此任务的方法或精度（{1} 个）{3}；加 --allow-immature-stack 可仍对其排名，或加 --show-excluded 查看原因") \
  X(hint_no_match_longest_run, "no run ends within a year on what the constraints allow ({0} candidate{1} take longer; without --deadline no training run longer than {2} days is ranked): allow more nodes than --max-nodes {3}, larger GPUs, or a --pricing that widens (reserved-1y, capacity-block); a --deadline past a year ranks the long runs; or run with --show-excluded to see why", "在约束允许的范围内没有一年内能完成的方案（{0} 个候选耗时更长；未给出 --deadline 时不对超过 {2} 天的训练排名）：请把 --max-nodes 放宽到 {3} 以上、换更大的 GPU，或用可扩展的 --pricing（reserved-1y、capacity-block）；给出超过一年的 --deadline 可纳入长时间运行；或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_reserved, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long, and the reserved rows allowed were removed too; a longer --deadline or --pricing capacity-block (where the provider sells capacity blocks) is left, or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU，允许的预留方案也被排除；可放宽 --deadline 或加 --pricing capacity-block（云厂商出售容量块时），或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_reserved_no_block, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long, and the reserved rows allowed were removed too; none of these offerings lists a capacity-block price: ask the provider for a block of the job's weeks and add its quote as pricing.capacity_block in an overlay (docs/catalog.md), give a longer --deadline, or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU，允许的预留方案也被排除；这些方案都没有容量块价格：请向云厂商询问作业所需几周的容量块，并把报价作为 pricing.capacity_block 写入覆盖文件（docs/catalog.md），或放宽 --deadline，或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_no_block, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; add --pricing reserved-1y (a reserved term), or, as none of these offerings lists a capacity-block price, ask the provider for a block of the job's weeks and add its quote as pricing.capacity_block in an overlay (docs/catalog.md); or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；请加 --pricing reserved-1y（预留期限），或因这些方案都没有容量块价格，向云厂商询问作业所需几周的容量块，并把报价作为 pricing.capacity_block 写入覆盖文件（docs/catalog.md）；或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_term, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; a held term does: add --pricing {2} (as {3} sells it, with the --max-nodes it needs), or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；预留期限可以：请加 --pricing {2}（{3} 以此方式出售，并按需加 --max-nodes），或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_short_run, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; none of these offerings lists a capacity-block price: ask the provider for a block of the job's weeks{6} for about {2} on {4} node{5} (scaled from its GPU-hours) and add its quote as pricing.capacity_block in an overlay (docs/catalog.md); --pricing reserved-1y holds it too, but the run on those nodes would use about {3}% of the 1-year term (fewer nodes use more of it); or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；这些方案都没有容量块价格：请向云厂商询问作业所需几周的容量块{6}：按 GPU 时数折算，{4} 个节点约 {2}，并把报价作为 pricing.capacity_block 写入覆盖文件（docs/catalog.md）；--pricing reserved-1y 也能保有容量，但在这些节点上运行只用到 1 年期限的约 {3}%（节点越少用得越多）；或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_block_only, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; add --pricing capacity-block (a provider's capacity block; none of these offerings lists a reserved price), or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；请加 --pricing capacity-block（云厂商的容量块；这些方案都没有预留价格），或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity_unpriced, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long, and none of these offerings lists a capacity-block or reserved price: ask the provider for a block or a reserved term of the job's length{2} and add its quote as pricing.capacity_block or pricing.reserved_1y in an overlay (docs/catalog.md); or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU，且这些方案都没有容量块或预留价格：请向云厂商询问与作业时长相当的容量块或预留期限{2}，并把报价作为 pricing.capacity_block 或 pricing.reserved_1y 写入覆盖文件（docs/catalog.md）；或加 --show-excluded 查看原因") \
  X(hint_clause_run_length_more_nodes, " (about {0} on {1} node{2}, scaled from its GPU-hours; with --max-nodes {1})", "（约 {0}，{1} 个节点，按 GPU 时数推算；需加 --max-nodes {1}）") \
  X(hint_clause_run_length, " (about {0} on {1} node{2}, scaled from its GPU-hours)", "（约 {0}，{1} 个节点，按 GPU 时数推算）") \
  X(hint_no_match_capacity_short_run_priced, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; add --pricing capacity-block (a provider's capacity block, for a run of about {2} on {4} node{5}, scaled from its GPU-hours) or --pricing reserved-1y (a reserved term, of which the run on those nodes would use about {3}%; fewer nodes use more of it), or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；请加 --pricing capacity-block（云厂商的容量块，运行约 {2}，{4} 个节点，按 GPU 时数推算）或 --pricing reserved-1y（预留期限，在这些节点上运行只会用到约 {3}%，节点越少用得越多），或加 --show-excluded 查看原因") \
  X(hint_no_match_capacity, "capacity removed the most ({0} candidate{1}): open capacity does not hold that many GPUs that long; add --pricing capacity-block (a provider's capacity block) or --pricing reserved-1y (a reserved term), or run with --show-excluded to see why", "资源容量排除的候选最多（{0} 个）：开放容量无法长时间提供这么多 GPU；请加 --pricing capacity-block（云厂商的容量块）或 --pricing reserved-1y（预留期限），或加 --show-excluded 查看原因") \
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
  X(hint_see_regions, "see {0} for the regions, or name a region group: {1}", "地域见 {0}，或写地域组：{1}") \
  X(hint_keys_in_docs, "the keys are in docs/cli.md", "可用的键见 docs/cli.md") \
  X(err_gpu_and_gpus, "--gpu and --gpus both name the GPU model", "--gpu 和 --gpus 都指定了 GPU 型号") \
  X(hint_gpu_and_gpus, "keep one: --gpus NAME:COUNT, or --gpu NAME with --gpu-count", "只保留一种：--gpus NAME:COUNT，或 --gpu NAME 加 --gpu-count") \
  X(err_gpus_and_count, "--gpus NAME:COUNT and --gpu-count both give the count", "--gpus NAME:COUNT 和 --gpu-count 都给出了数量") \
  X(hint_gpus_and_count, "keep one: --gpus NAME:COUNT, or --gpus NAME --gpu-count RANGE", "只保留一种：--gpus NAME:COUNT，或 --gpus NAME --gpu-count RANGE") \
  X(err_gpu_count_not_sold, "no instance in the catalog holds {0} {1} GPUs; {1} instances hold {2}", "目录中没有装 {0} 块 {1} 的实例；{1} 的实例装 {2} 块") \
  X(err_gpu_count_not_sold_any, "no instance in the catalog holds {0} GPUs; instances hold {1}", "目录中没有装 {0} 块 GPU 的实例；实例装 {1} 块") \
  X(hint_gpus_count_sold, "write {0}:{1} (the nearest size sold), or {0} with --gpu-count {2}", "请写 {0}:{1}（最接近的在售规格），或写 {0} 并加 --gpu-count {2}") \
  X(hint_gpu_count_sold, "give {0} (the nearest size sold) or a range such as {1}", "请给 {0}（最接近的在售规格），或范围如 {1}") \
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
  X(err_field_out_of_range, "{0} {1} is out of range (must be {2})", "{0} {1} 超出范围（应为{2}）") \
  X(err_field_not_finite, "{0} {1} is not a finite number", "{0} {1} 不是有限的数") \
  X(hint_write_finite, "write a finite number", "请写有限的数") \
  X(err_field_not_whole, "{0} {1} is not a whole number", "{0} {1} 不是整数") \
  X(err_unknown_field_value, "unknown {0} {1}", "{0} 的取值 {1} 未知") \
  X(err_names_unknown_record, "offering {0} names {1} {2}, which no catalog file defines", "方案 {0} 引用的 {1} {2} 在所有目录文件中都未定义") \
  X(hint_add_provider, "add it under providers: or fix the id", "请在 providers: 下添加它，或修正 ID") \
  /* errors once said in English only (issue 29): flags, files, downloads, catalog fields and records */ \
  X(err_import_instance_types, "more than {} instance types with an accelerator (max_import_instance_types; real price lists hold a few hundred)", "带加速卡的实例类型超过 {} 种（max_import_instance_types；真实的价目表只有几百种）") \
  X(err_no_gpu_with_memory, "the catalog has no {0} with {1} GB", "目录中没有 {1} GB 的 {0}") \
  X(hint_gpu_records_have, "its {0} records have {1}", "{0} 的记录有：{1}") \
  X(err_gpu_spelling, "{0} is a spelling of GPU {1}", "{0} 是 GPU {1} 的一种写法") \
  X(hint_gpu_spelling, "constraints name GPUs by id or alias (catalog::gpu_ids_named gives them)", "约束按 ID 或别名指定 GPU（由 catalog::gpu_ids_named 给出）") \
  X(err_not_a_gpu, "{} is not a GPU (a TPU, Gaudi, Inferentia, Trainium or other accelerator)", "{} 不是 GPU（而是 TPU、Gaudi、Inferentia、Trainium 或其他加速卡）") \
  X(hint_name_a_gpu, "gpuselect ranks GPU offerings: name a GPU (see 'gpuselect catalog gpus')", "gpuselect 只为 GPU 方案排名：请指定一款 GPU（参见 'gpuselect catalog gpus'）") \
  X(err_no_gpu_record, "the catalog has no record of GPU {}", "目录中没有 GPU {} 的记录") \
  X(hint_no_gpu_record, "add its gpus: record (and offerings) in a --catalog overlay (docs/catalog.md), or see 'gpuselect catalog gpus'", "请在 --catalog 覆盖文件中添加它的 gpus: 记录（及方案）（见 docs/catalog.md），或参见 'gpuselect catalog gpus'") \
  X(err_gpu_is_memory, "unknown GPU {}: a memory size, not a GPU name", "未知的 GPU {}：这是显存大小，不是 GPU 名称") \
  X(hint_gpu_is_memory, "for GPUs with that much memory write --gpu-memory {}", "要选显存这么大的 GPU，请写 --gpu-memory {}") \
  X(err_gpu_is_count, "unknown GPU {}: a count, not a GPU name", "未知的 GPU {}：这是数量，不是 GPU 名称") \
  X(hint_gpu_is_count, "write NAME:COUNT such as A100:{0} ({1})", "请写成 NAME:COUNT，例如 A100:{0}（{1}）") \
  X(csv_byte, "byte {}", "字节 {}") \
  X(err_csv_quote_runs_on, "quoted field runs on for more than {} bytes: the '\"' opened here is never closed", "带引号的字段超过了 {} 字节：此处开始的 '\"' 没有闭合") \
  X(hint_csv_close_quote, "close the field with '\"' and write a quote inside it as '\"\"'", "请用 '\"' 结束该字段，字段内的引号请写成 '\"\"'") \
  X(err_csv_row_long, "row is longer than {} bytes", "该行超过了 {} 字节") \
  X(hint_csv_one_record_per_line, "check that this is a CSV file with one record per line", "请确认这是每行一条记录的 CSV 文件") \
  X(err_csv_unterminated, "unterminated quoted field: the '\"' opened here is never closed", "带引号的字段未结束：此处开始的 '\"' 没有闭合") \
  X(err_csv_after_quote, "unexpected {} after the closing quote of a field", "字段的右引号后出现了多余的 {}") \
  X(hint_csv_quote_whole, "quote the whole field and write a quote inside it as '\"\"'", "请给整个字段加引号，字段内的引号请写成 '\"\"'") \
  X(err_nodes_at_most, "{0} allows at most {1} nodes per job", "{0} 每个作业最多允许 {1} 个节点") \
  X(hint_nodes_at_most, "give --nodes {} or less", "请给出不大于 {} 的 --nodes") \
  X(err_no_fp4, "fp4 needs FP4 tensor cores (NVFP4/MXFP4); {} has none", "fp4 需要 FP4 张量核心（NVFP4/MXFP4）；{} 没有") \
  X(err_no_fp8, "fp8 needs FP8 tensor cores (Ada, Hopper, Blackwell, CDNA3); {} has none", "fp8 需要 FP8 张量核心（Ada、Hopper、Blackwell、CDNA3）；{} 没有") \
  X(hint_precision_or_gpu, "use --precision {0} on this GPU, or pick one with an {1} peak (see 'gpuselect catalog gpus')", "请在此 GPU 上用 --precision {0}，或选择有 {1} 峰值算力的 GPU（参见 'gpuselect catalog gpus'）") \
  X(err_replicas_above, "the load needs more than 1000000 replicas ({})", "该负载需要超过 1000000 个副本（{}）") \
  X(hint_replicas_above, "lower --requests-per-s or the tokens per request", "请调低 --requests-per-s 或每个请求的 token 数") \
  X(err_listing_no_html, "catalog listings have no html form", "目录列表没有 html 格式") \
  X(hint_listing_formats, "use --format table, json, csv or markdown", "请用 --format table、json、csv 或 markdown") \
  X(err_config_show_format, "config show prints table or json", "config show 只输出 table 或 json") \
  X(hint_config_show_format, "use --format table or --format json", "请用 --format table 或 --format json") \
  X(err_not_grid_format, "format '{}' is not rendered as grids", "格式 '{}' 不以表格形式输出") \
  X(hint_grid_formats, "use table, csv, markdown or html", "请用 table、csv、markdown 或 html") \
  X(err_emit_provider, "pick {0} is on provider {1}, which {2} cannot launch", "所选第 {0} 行在云厂商 {1} 上，{2} 无法启动它") \
  X(hint_emit_other_launcher, "use --emit {0}, choose another row with --pick, or --provider one of: {1}", "请用 --emit {0}，或用 --pick 选择其他行，或用 --provider 指定以下之一：{1}") \
  X(hint_emit_pick_or_provider, "choose another row with --pick, or --provider one of: {}", "请用 --pick 选择其他行，或用 --provider 指定以下之一：{}") \
  X(err_emit_vendor, "pick {0} runs on {1} accelerators ({2}), which {3} does not launch (it knows NVIDIA and AMD GPUs)", "所选第 {0} 行运行在 {1} 加速卡（{2}）上，{3} 无法启动它（它只支持 NVIDIA 和 AMD GPU）") \
  X(hint_emit_vendor, "launch it with the provider's own console or CLI (an Ascend image such as quay.io/ascend/vllm-ascend), or choose an NVIDIA or AMD row with --pick", "请用云厂商自己的控制台或 CLI 启动（使用昇腾镜像，如 quay.io/ascend/vllm-ascend），或用 --pick 选择 NVIDIA 或 AMD 的行") \
  X(err_emit_owned_pool, "pick {0} is on owned provider {1}, which is not a valid SSH node pool name (a '/' would name another node pool in infra: ssh/POOL)", "所选第 {0} 行在自有云厂商 {1} 上，其 ID 不是有效的 SSH 节点池名称（'/' 会指向 infra: ssh/POOL 中的另一个节点池）") \
  X(err_emit_owned_fleet, "pick {0} is on owned provider {1}, which is not a valid fleet name (a '/' would name another fleet)", "所选第 {0} 行在自有云厂商 {1} 上，其 ID 不是有效的 fleet 名称（'/' 会指向另一个 fleet）") \
  X(hint_emit_owned_id, "give the owned provider an id of letters, digits, '-', '_' and '.' (the pool or fleet's name) in the catalog, or choose another row with --pick", "请在目录中给自有云厂商一个只含字母、数字、'-'、'_' 和 '.' 的 ID（即节点池或 fleet 的名称），或用 --pick 选择其他行") \
  X(err_emit_region_slash, "pick {0} is in region {1}, whose '/' SkyPilot's infra: cloud/region would read as a zone", "所选第 {0} 行在地域 {1}，SkyPilot 的 infra: cloud/region 会把其中的 '/' 当作可用区") \
  X(hint_emit_pick_or_dstack, "choose another row with --pick, or use --emit dstack", "请用 --pick 选择其他行，或用 --emit dstack") \
  X(err_out_of_memory, "out of memory; use a smaller catalog or fewer candidates", "内存不足；请使用更小的目录或更少的候选") \
  X(err_internal, "internal error: {}; please report this with the command line", "内部错误：{}；请连同命令行一起报告此问题") \
  X(err_write_failed, "{}", "写入失败：{}") \
  X(hint_stdout_failed, "check free space, and that the program reading the pipe is still running", "请检查剩余空间，以及读取管道的程序是否仍在运行") \
  X(err_stream_above_limit, "a stream (standard input, a pipe) is above the limit of {} bytes (max_stream_bytes)", "流（标准输入、管道）超过了 {} 字节的上限（max_stream_bytes）") \
  X(hint_save_catalog_file, "save the catalog to a file (files are read up to {} bytes)", "请把目录保存为文件（文件最多读取 {} 字节）") \
  X(err_not_spot_statistic, "{} is not a spot statistic", "{} 不是竞价实例价格的统计量") \
  X(err_compare_too_many, "more than {} offerings match the resource flags", "与资源参数匹配的方案超过 {} 个") \
  X(hint_compare_too_many, "narrow them (--max-price, --gpu-memory, --gpu-count) or name the ids", "请缩小范围（--max-price、--gpu-memory、--gpu-count），或直接给出方案 ID") \
  X(err_compare_two_ids, "needs at least two offering ids", "至少需要两个方案 ID") \
  X(hint_compare_two_ids, "name them, e.g. gpuselect compare aws/p4d.24xlarge lambda/gpu_8x_a100_80gb_sxm4 --workload llm-finetune --params 7e9", "请给出方案 ID，例如 gpuselect compare aws/p4d.24xlarge lambda/gpu_8x_a100_80gb_sxm4 --workload llm-finetune --params 7e9") \
  X(err_no_catalog_to_validate, "no catalog to validate", "没有可校验的目录") \
  X(hint_no_catalog_to_validate, "name a file, or drop --no-builtin-catalog", "请指定文件，或去掉 --no-builtin-catalog") \
  X(err_provider_of_file, "cannot tell which provider {} belongs to", "无法判断 {} 属于哪个云厂商") \
  X(hint_add_provider_id, "add --provider ID (see 'gpuselect catalog providers')", "请加 --provider ID（参见 'gpuselect catalog providers'）") \
  X(err_mix_fleet_inference, "a mixed fleet is planned for llm-inference only", "混合集群只为 llm-inference 规划") \
  X(hint_mix_fleet_inference, "drop --mix or use --workload llm-inference", "请去掉 --mix，或使用 --workload llm-inference") \
  X(err_mix_no_request_mix, "no request mix is given, so there is one class of requests to serve", "未给出请求分布，因此只有一类请求要服务") \
  X(hint_mix_no_request_mix, "give the mix's 90th percentile with --input-tokens-p90 and/or --output-tokens-p90", "请用 --input-tokens-p90 和/或 --output-tokens-p90 给出请求分布的第 90 百分位数") \
  X(err_board_offerings, "more than 2^30 offerings", "方案超过 2^30 个") \
  X(hint_split_the_catalog, "split the catalog", "请拆分目录") \
  X(err_must_be_positive, "must be a positive number, got {}", "必须是正数，实际为 {}") \
  X(hint_number_above_zero, "give a number above 0", "请给出大于 0 的数") \
  X(err_at_least_one, "must be at least 1, got {}", "必须不小于 1，实际为 {}") \
  X(hint_nodes_at_least_one, "give a whole number of nodes >= 1", "请给出不小于 1 的整数节点数") \
  X(err_cannot_stat, "cannot stat: {}", "无法获取文件信息：{}") \
  X(err_cannot_read, "cannot read: {}", "无法读取：{}") \
  X(err_temp_create, "cannot create a temporary file in {0}: {1}", "无法在 {0} 中创建临时文件：{1}") \
  X(hint_space_and_folder, "check free space and the folder's permissions", "请检查剩余空间和文件夹权限") \
  X(err_temp_write, "cannot write the temporary file: {}", "无法写入临时文件：{}") \
  X(hint_temp_space, "check free space (the download is kept on disk, beside the price store, until imported)", "请检查剩余空间（下载内容在导入前保存在磁盘上，与价格库放在一起）") \
  X(err_temp_empty, "cannot empty the temporary file: {}", "无法清空临时文件：{}") \
  X(err_temp_read, "cannot read the temporary file: {}", "无法读取临时文件：{}") \
  X(hint_try_again, "try again", "请重试") \
  X(out_cannot_follow, "cannot follow {0}: {1}", "无法解析符号链接 {0}：{1}") \
  X(out_cannot_create_in, "cannot create a file in {0}: {1}", "无法在 {0} 中创建文件：{1}") \
  X(out_cannot_write, "cannot write {0}: {1}", "无法写入 {0}：{1}") \
  X(out_cannot_flush, "cannot flush {0}: {1}", "无法把 {0} 写入磁盘：{1}") \
  X(out_cannot_close, "cannot close {0}: {1}", "无法关闭 {0}：{1}") \
  X(out_cannot_replace, "cannot replace {0}: {1}", "无法替换 {0}：{1}") \
  X(out_cannot_inspect, "cannot inspect {0}: {1}", "无法检查 {0}：{1}") \
  X(out_cannot_open, "cannot open {0}: {1}", "无法打开 {0}：{1}") \
  X(hint_fix_symlinks, "fix the chain of symbolic links", "请修正符号链接链") \
  X(hint_folder_writable, "check that the folder exists and is writable", "请确认文件夹存在且可写") \
  X(hint_space_permissions, "check free space and permissions", "请检查剩余空间和权限") \
  X(hint_space_permissions_pipe, "check free space, permissions and the reader of the pipe", "请检查剩余空间、权限以及管道的读取方") \
  X(hint_path_permissions, "check the path and its permissions", "请检查路径及其权限") \
  X(hint_check_free_space, "check free space", "请检查剩余空间") \
  X(err_output_path_empty, "the path is empty", "路径为空") \
  X(hint_output_path, "give a file path, or - for standard output", "请给出文件路径，或用 - 表示标准输出") \
  X(err_output_is_directory, "{} is a directory", "{} 是目录") \
  X(hint_name_file_inside, "name a file inside it", "请指定其中的一个文件") \
  X(err_cannot_create_folder, "cannot create the folder: {}", "无法创建文件夹：{}") \
  X(hint_check_permissions_plain, "check permissions", "请检查权限") \
  X(hint_store_unchanged, "check free space and the folder's permissions; the stored prices are unchanged", "请检查剩余空间和文件夹权限；已存储的价格未改变") \
  X(store_cannot_open_lock, "cannot open the lock file: {}", "无法打开锁文件：{}") \
  X(store_cannot_lock, "cannot lock: {}", "无法加锁：{}") \
  X(store_cannot_create_file, "cannot create a file: {}", "无法创建文件：{}") \
  X(store_cannot_write, "cannot write: {}", "无法写入：{}") \
  X(store_cannot_flush, "cannot flush: {}", "无法写入磁盘：{}") \
  X(store_cannot_keep, "cannot keep the previous update: {}", "无法保留上一次更新：{}") \
  X(store_cannot_replace, "cannot replace: {}", "无法替换：{}") \
  X(store_cannot_restore, "cannot restore: {}", "无法恢复：{}") \
  X(err_store_locked, "another 'gpuselect catalog update' is writing the price store (it holds {})", "另一个 'gpuselect catalog update' 正在写入价格库（它持有 {}）") \
  X(hint_store_locked, "wait for it to finish, then run this one again; the stored prices are unchanged", "请等它完成后再运行本次命令；已存储的价格未改变") \
  X(err_no_earlier_update, "no earlier update is kept in {}", "{} 中没有保留更早的更新") \
  X(hint_no_earlier_update, "run 'gpuselect catalog update' again, or use --no-price-update to rank without stored prices", "请再次运行 'gpuselect catalog update'，或用 --no-price-update 在不使用已存储价格的情况下排名") \
  X(err_no_libcurl, "cannot load libcurl to download: {}", "无法加载用于下载的 libcurl：{}") \
  X(hint_no_libcurl, "install libcurl4 ('apt-get install libcurl4' on Debian), or use --from DIR with local copies of the vms.csv files", "请安装 libcurl4（Debian 上运行 'apt-get install libcurl4'），或用 --from DIR 指定 vms.csv 文件的本地副本") \
  X(err_curl_start, "libcurl could not start a transfer", "libcurl 无法开始传输") \
  X(err_response_announces, "the response announces a length above the limit of {} bytes; nothing was read", "响应声明的长度超过了 {} 字节的上限；未读取任何内容") \
  X(hint_url_vms_csv, "check the URL names a vms.csv file", "请确认 URL 指向 vms.csv 文件") \
  X(err_response_above, "response is above the limit of {} bytes", "响应超过了 {} 字节的上限") \
  X(err_download_failed, "download failed after {0} attempt{1} within {2} s: {3}", "在 {2} 秒内尝试 {0} 次后下载失败：{3}") \
  X(hint_download_failed, "check the network connection (offline machines: 'gpuselect catalog update --from DIR' with copies of the vms.csv files)", "请检查网络连接（离线机器请用 'gpuselect catalog update --from DIR' 读取 vms.csv 文件的副本）") \
  X(range_at_least_at_most, "at least {0} and at most {1}", "不小于 {0} 且不大于 {1}") \
  X(range_above_at_most, "above {0} and at most {1}", "大于 {0} 且不大于 {1}") \
  X(hint_check_value_unit, "check the value and its unit (the key name carries the unit)", "请检查数值及其单位（键名中带有单位）") \
  X(hint_write_whole, "write a whole number", "请写整数") \
  X(hint_write_one_name, "write one of the names", "请写其中一个名称") \
  X(hint_number_not_null, "write a number; this key cannot be null", "请写数字；此键不能为 null") \
  X(hint_write_a_number, "write a number", "请写数字") \
  X(err_field_too_large, "{0} {1} is too large for a whole number", "{0} {1} 超出整数的范围") \
  X(hint_check_value, "check the value", "请检查该值") \
  X(hint_write_finite_no_nan, "write a finite number (NaN and infinity are not allowed)", "请写有限的数（不允许 NaN 和无穷大）") \
  X(err_field_overflow, "{0} {1} is out of range for a number (overflows or underflows a double)", "{0} {1} 超出数字的范围（double 上溢或下溢）") \
  X(hint_sensible_size, "write a finite number of sensible size", "请写大小合理的有限数") \
  X(hint_value_or_leave_out, "write a value or leave the key out", "请写一个值，或去掉该键") \
  X(err_field_blank, "{0} {1} is empty or only spaces and control characters", "{0} {1} 为空，或只有空格和控制字符") \
  X(hint_write_value, "write a value", "请写一个值") \
  X(err_field_not_date, "{0} {1} is not a date YYYY-MM-DD from 1970 to 2200", "{0} {1} 不是 1970 到 2200 年之间的 YYYY-MM-DD 日期") \
  X(hint_field_date, "write the date as YYYY-MM-DD, e.g. 2026-05-20", "请把日期写成 YYYY-MM-DD，例如 2026-05-20") \
  X(err_field_currency, "{0} {1} is not an ISO 4217 currency code", "{0} {1} 不是 ISO 4217 货币代码") \
  X(hint_field_currency, "write three upper-case letters such as USD, EUR or CNY", "请写三个大写字母，例如 USD、EUR 或 CNY") \
  X(hint_true_or_false, "write true or false (yes/no/on/off and quoted values are not accepted)", "请写 true 或 false（不接受 yes/no/on/off 和带引号的值）") \
  X(hint_region_price_list, "write [{{region: us-east-1, on_demand: 3.06}}]; [] for none", "请写成 [{{region: us-east-1, on_demand: 3.06}}]；没有则写 []") \
  X(hint_empty_list_brackets, "write [] for an empty list", "空列表请写 []") \
  X(hint_list_of_one, "write [{}] for a list of one", "只有一项的列表请写成 [{}]") \
  X(err_unsupported_kind, "unsupported value kind", "不支持的值类型") \
  X(hint_report_catalog_line, "please report this with the catalog line", "请连同目录中的该行一起报告此问题") \
  X(err_region_price_empty_region, "region_pricing entry has an empty region", "region_pricing 的条目中 region 为空") \
  X(hint_name_region, "name the region", "请写出地域名称") \
  X(err_region_price_unknown_key, "unknown key {} in a region_pricing entry", "region_pricing 的条目中有未知的键 {}") \
  X(err_prefix_not_map, "{0} must be a map (keys {1})", "{0} 必须是映射（键为 {1}）") \
  X(hint_prefix_not_map, "write it as {0}: {{{1}: ...}}", "请写成 {0}: {{{1}: ...}}") \
  X(err_items_not_strings, "items of {0} must be strings, got {1}", "{0} 的各项必须是字符串，实际为{1}") \
  X(what_map_or_list, "a map or list", "映射或列表") \
  X(what_null_value, "null", "空值（null）") \
  X(hint_flat_list, "write a flat list such as [a, b]", "请写成不嵌套的列表，例如 [a, b]") \
  X(what_as_of_and_source, "as_of and source", "as_of 和 source") \
  X(warn_overlay_prices_unsourced, "offering {0}: the overlay changes prices without its own {1}, so the record still dates them {2} and credits {3}", "方案 {0}：覆盖层修改了价格，但没有自己的 {1}，因此该记录的价格日期仍为 {2}，来源仍为 {3}") \
  X(hint_overlay_prices_unsourced, "add as_of (the date of the quote) and source (who quoted it) to the overlay record", "请在覆盖记录中加上 as_of（报价日期）和 source（报价方）") \
  X(err_owned_no_on_demand, "owned offering {} has no pricing.on_demand (its amortised rate)", "自有方案 {} 没有 pricing.on_demand（其摊销费率）") \
  X(hint_owned_no_on_demand, "write pricing: {{on_demand: 0}} for a sunk-cost cluster, or the amortised cost per node-hour", "沉没成本的集群请写 pricing: {{on_demand: 0}}，否则请写每节点小时的摊销成本") \
  X(err_owned_other_mode, "owned offering {0} has pricing.{1}; an owned cluster has one rate, pricing.on_demand (amortised, may be 0)", "自有方案 {0} 设置了 pricing.{1}；自有集群只有一种费率，即 pricing.on_demand（摊销，可为 0）") \
  X(hint_owned_other_mode, "remove pricing.{} or set it to null", "请删除 pricing.{}，或设为 null") \
  X(err_model_after_overlays, "model {0} {1} (after overlays)", "模型 {0} {1}（应用覆盖层后）") \
  X(model_top_k_above, "has experts_per_token {0} above experts {1}", "的 experts_per_token {0} 大于 experts {1}") \
  X(hint_model_top_k_above, "experts_per_token is the top-k of the routed experts; a dense model has experts 0 and experts_per_token 0", "experts_per_token 是路由专家的 top-k；稠密模型的 experts 和 experts_per_token 都为 0") \
  X(model_no_top_k, "has experts {} but experts_per_token 0", "的 experts 为 {}，但 experts_per_token 为 0") \
  X(hint_model_no_top_k, "set experts_per_token to the router's top-k (config.json num_experts_per_tok)", "请把 experts_per_token 设为路由器的 top-k（config.json 的 num_experts_per_tok）") \
  X(model_no_expert_ffn, "has experts {} but expert_ffn 0", "的 experts 为 {}，但 expert_ffn 为 0") \
  X(hint_model_no_expert_ffn, "set expert_ffn to one expert's intermediate size (config.json moe_intermediate_size)", "请把 expert_ffn 设为单个专家的中间层大小（config.json 的 moe_intermediate_size）") \
  X(model_moe_keys_dense, "has shared_experts, expert_ffn or dense_layers but experts 0", "设置了 shared_experts、expert_ffn 或 dense_layers，但 experts 为 0") \
  X(hint_model_moe_keys_dense, "set experts for a mixture of experts, or remove the MoE keys from a dense model", "混合专家模型请设置 experts，稠密模型请删除 MoE 相关的键") \
  X(model_dense_layers_above, "has dense_layers {0} above layers {1}", "的 dense_layers {0} 大于 layers {1}") \
  X(hint_model_dense_layers_above, "dense_layers counts the layers with a dense FFN (DeepSeek-V3: the first 3 of 61)", "dense_layers 是使用稠密 FFN 的层数（DeepSeek-V3：61 层中的前 3 层）") \
  X(model_mla_no_rank, "has attention mla but kv_lora_rank 0", "的 attention 为 mla，但 kv_lora_rank 为 0") \
  X(hint_model_mla_no_rank, "set kv_lora_rank (config.json kv_lora_rank, 512 for DeepSeek-V3) and qk_rope_head_dim", "请设置 kv_lora_rank（config.json 的 kv_lora_rank，DeepSeek-V3 为 512）和 qk_rope_head_dim") \
  X(model_mla_keys, "has kv_lora_rank or qk_rope_head_dim but attention {}", "设置了 kv_lora_rank 或 qk_rope_head_dim，但 attention 为 {}") \
  X(hint_model_mla_keys, "write 'attention: mla' for multi-head latent attention, or remove the MLA keys", "多头潜在注意力请写 'attention: mla'，否则请删除 MLA 相关的键") \
  X(model_diffusion_layout, "is a diffusion model (family {}) without native_resolution_px, vae_downsample, latent_channels, passes_per_step or default_steps", "是扩散模型（family {}），但缺少 native_resolution_px、vae_downsample、latent_channels、passes_per_step 或 default_steps") \
  X(hint_model_diffusion_layout, "give each from the model card and the pipeline's config (docs/catalog.md \"Model presets\")", "请按模型卡和管线配置逐一给出（见 docs/catalog.md \"Model presets\"）") \
  X(model_unet_no_gflops, "has family unet but unet_step_gflops 0", "的 family 为 unet，但 unet_step_gflops 为 0") \
  X(hint_model_unet_no_gflops, "set unet_step_gflops to the GFLOPs of one denoiser pass at native_resolution_px", "请把 unet_step_gflops 设为在 native_resolution_px 下去噪网络前向一次的 GFLOPs") \
  X(model_dit_shape, "has family dit but no patch_size, layers, hidden or ffn", "的 family 为 dit，但缺少 patch_size、layers、hidden 或 ffn") \
  X(hint_model_dit_shape, "set patch_size (latent cells per token side), layers (blocks), hidden (width) and ffn (MLP width) from config.json", "请按 config.json 设置 patch_size（每个 token 边长的潜空间格数）、layers（块数）、hidden（宽度）和 ffn（MLP 宽度）") \
  X(model_blocks_above_layers, "has more single_blocks and dual_attention_blocks than layers", "的 single_blocks 与 dual_attention_blocks 之和多于 layers") \
  X(hint_model_blocks_above_layers, "count each block once: layers = joint + single blocks; dual_attention_blocks are joint blocks", "每个块只计一次：layers = 联合块 + 单流块；dual_attention_blocks 属于联合块") \
  X(hint_see_catalog_listings, "see 'gpuselect catalog list', 'catalog gpus', 'catalog providers' or 'catalog models'", "参见 'gpuselect catalog list'、'catalog gpus'、'catalog providers' 或 'catalog models'") \
  X(err_csv_row_fields, "row has {0} fields; the header has {1}", "该行有 {0} 个字段，表头有 {1} 个") \
  X(hint_csv_row_fields, "give every row one field per header column (quote fields that hold commas)", "请让每行的字段与表头的列一一对应（含逗号的字段请加引号）") \
  X(what_unreadable_yaml, "unreadable YAML", "无法读取的 YAML") \
  X(rows_count, "{0} row{1}", "{0} 行") \
  X(warn_bad_rows, "skipped {0} that could not be read ({1}); --strict makes this an error", "已跳过无法读取的 {0}（{1}）；加 --strict 则视为错误") \
  X(warn_import_conflict, "{0}: line {1} has '{2}' x{3} but earlier rows have '{4}' x{5}; such rows skipped, the first kept", "{0}：第 {1} 行为 '{2}' x{3}，但之前的行为 '{4}' x{5}；这样的行已跳过，保留第一行") \
  X(warn_import_no_on_demand, "{}: no row has an on-demand price; pricing.on_demand is null", "{}：没有任何行给出按需价格；pricing.on_demand 为 null") \
  X(warn_import_spot_equal, "{} give a SpotPrice equal to Price; taken as no spot price in that zone", "{}的 SpotPrice 等于 Price；视为该可用区没有竞价实例价格") \
  X(warn_import_pcie, "GPU {0} is a PCIe card in this file and the catalog's {1} is SXM ({2}) skipped; add a gpus: record of the PCIe card (memory, TFLOPS; docs/catalog.md)", "GPU {0} 在此文件中是 PCIe 卡，而目录中的 {1} 是 SXM（{2}），已跳过；请添加该 PCIe 卡的 gpus: 记录（显存、TFLOPS；见 docs/catalog.md）") \
  X(warn_import_no_record, "GPU {0} has no record in the catalog ({1}) skipped; add its gpus: record (memory, TFLOPS; docs/catalog.md) in a catalog file", "目录中没有 GPU {0} 的记录（{1}），已跳过；请在目录文件中添加它的 gpus: 记录（显存、TFLOPS；见 docs/catalog.md）") \
  X(warn_import_unknown, "unknown accelerator {0} ({1}) skipped; add it as a GPU alias in a catalog file", "未知的加速卡 {0}（{1}），已跳过；请在目录文件中把它添加为 GPU 别名") \
  X(warn_import_non_gpu, "{0} of non-GPU accelerators skipped ({1})", "已跳过 {0}非 GPU 加速卡（{1}）") \
  X(warn_import_per_gpu, "prices look per GPU, not per instance: {}; multiplied by the GPU count (--price-basis instance keeps them as written)", "价格看起来是按 GPU 而非按实例计：{}；已乘以 GPU 数量（--price-basis instance 可保留原值）") \
  X(import_basis_votes, "(of {0} GPUs listed both 1x and Nx, {1} price Nx at N times 1x, {2} at the 1x price)", "（同时以 1x 和 Nx 列出的 {0} 款 GPU 中，{1} 款的 Nx 价格是 1x 的 N 倍，{2} 款按 1x 的价格）") \
  X(warn_import_outlier, "{0}: {1} per GPU-hour is more than {2}x outside the catalog's range for {3} ({4} to {5}, {6} prices); skipped, check the file's prices and their basis", "{0}：每 GPU 小时 {1}，超出目录中 {3} 的价格范围（{4} 到 {5}，{6} 个价格）{2} 倍以上；已跳过，请检查文件中的价格及其计价基准") \
  X(warn_import_n1_host, "accelerator-only prices for {}: the n1 host VM these GPUs attach to is not included (flagged in source and estimated_fields); add its price in an overlay", "{} 只有加速卡的价格：这些 GPU 所挂载的 n1 主机 VM 未计入（已在 source 和 estimated_fields 中标注）；请在覆盖文件中添加其价格") \
  X(warn_import_gcp_no_host, "GCP accelerator rows '{0}' with no a2/a3/a4/g2 host VM row in the same zone ({1}) skipped", "GCP 加速卡行 '{0}' 在同一可用区没有 a2/a3/a4/g2 主机 VM 行（{1}），已跳过") \
  X(warn_import_no_region, "{0} give{1} no Region, which SkyPilot reads as not available now; skipped (no place to launch them)", "{0}没有 Region，SkyPilot 视为当前不可用；已跳过（无处启动）") \
  X(warn_import_repaired, "{} had an unquoted comma in one field (more fields than the header); read with that field rejoined", "{}的某个字段中有未加引号的逗号（字段多于表头）；已把该字段重新拼接后读取") \
  X(warn_no_vms_csv, "no vms.csv found for {}; skipped", "未找到 {} 的 vms.csv；已跳过") \
  X(warn_stored_despite, "stored despite the sanity bounds (--accept-changes): {}", "虽超出合理范围，仍已保存（--accept-changes）：{}") \
  X(warn_update_unusable, "{0}: the stored price update cannot be used ({1}); going on without it. Run 'gpuselect catalog update' again, or 'gpuselect catalog update --rollback' to restore the previous one; --no-price-update leaves it out without this warning", "{0}：已存储的价格更新无法使用（{1}）；将不使用它继续运行。请再次运行 'gpuselect catalog update'，或用 'gpuselect catalog update --rollback' 恢复上一次更新；--no-price-update 可不使用它且不显示此警告") \
  X(reason_not_regular_file, "it is not a regular file", "它不是普通文件") \
  X(reason_at_line, "line {0}: {1}", "第 {0} 行：{1}") \
  /* --weights (scoring::parse_weights) */ \
  X(hint_weights_pairs, "write criterion=value pairs separated by commas, e.g. cost=0.4,stability=0.3", "请写成以逗号分隔的“评分项=值”，例如 cost=0.4,stability=0.3") \
  X(err_weights_empty_entry, "empty entry in {}", "{} 中有空项") \
  X(err_weights_no_equals, "{} has no '='", "{} 缺少 '='") \
  X(hint_weight_share_example, "give a number between 0 and 1, e.g. {}", "请给出 0 到 1 之间的数，例如 {}") \
  X(err_weight_negative, "{} is negative", "{} 为负数") \
  X(hint_weight_shares, "weights are shares between 0 and 1", "权重是 0 到 1 之间的占比") \
  X(err_weight_twice, "{} is given twice", "{} 给出了两次") \
  X(hint_weight_once, "give each criterion once", "每个评分项只给一次") \
  X(err_weights_above_one, "the named weights sum to {}, above 1", "所给权重之和为 {}，超过 1") \
  X(hint_weights_above_one, "lower them so the rest can share 1 - sum, or name all five criteria to have them normalised", "请调低它们，让其余评分项分享 1 - 总和；或给出全部五个评分项，由程序归一化") \
  X(err_weights_zero, "all weights are zero", "所有权重均为 0") \
  X(hint_weights_zero, "give at least one criterion a weight above 0", "请至少给一个评分项大于 0 的权重") \
  /* --gpus, --gpu-memory, --gpu-count, --max-price (resources::parse_*) */ \
  X(what_gpu_memory_size, "a GPU memory size", "GPU 显存大小") \
  X(what_gpu_count, "a GPU count", "GPU 数量") \
  X(what_price, "a price", "价格") \
  X(hint_dstack_range, "write {} (dstack's range syntax)", "请写成 {}（dstack 的范围写法）") \
  X(err_no_value_given, "no value given", "未给出取值") \
  X(err_more_than_one, "{0} has more than one {1}", "{0} 中有多个 {1}") \
  X(err_gpus_parts, "{0} has more ':'-separated parts than NAME[:MEMORY][:COUNT]", "{0} 中以 ':' 分隔的部分多于 NAME[:MEMORY][:COUNT]") \
  X(err_dots_alone, "'..' alone bounds nothing", "单独的 '..' 没有给出任何界限") \
  X(err_range_reversed, "{} starts above its end", "{} 的下限高于上限") \
  X(err_gpus_several, "{} names more than one accelerator", "{} 指定了不止一种加速卡") \
  X(hint_gpus_several, "give one NAME:COUNT; to allow several models use --gpu A100,H100 with --gpu-count", "请只给一个 NAME:COUNT；要允许多种型号，请用 --gpu A100,H100 加 --gpu-count") \
  X(err_gpus_no_name, "no GPU name in {}", "{} 中没有 GPU 名称") \
  X(err_not_one_memory_size, "{} is not one memory size", "{} 不是单个显存大小") \
  X(hint_gpus_one_size, "write dstack's NAME:MEMORY:COUNT with one size, e.g. A100:80GB:8", "请按 dstack 的 NAME:MEMORY:COUNT 写一个大小，例如 A100:80GB:8") \
  X(hint_gpus_whole_or_share, "give a whole number of GPUs, or a share of one GPU below 1 (e.g. T4:0.5)", "请给出整数块 GPU，或小于 1 的单卡份额（例如 T4:0.5）") \
  X(hint_max_price, "give the most to pay per instance-hour, e.g. 2.5 (dstack's max_price)", "请给出每实例小时愿付的最高价，例如 2.5（dstack 的 max_price）") \
  X(hint_price_in_currency, "give a number from {0} to {1} in this currency (US$ {2} to {3} at {4} per dollar)", "请给出该货币下 {0} 到 {1} 之间的数（按 1 美元 = {4} 计，即 US$ {2} 到 {3}）") \
  /* the workload's checks (workload::resolve) */ \
  X(what_diffusion_model, "a diffusion model (unet or dit)", "扩散模型（unet 或 dit）") \
  X(what_vision_model, "a cnn or vit model", "cnn 或 vit 模型") \
  X(what_language_model, "a language model", "语言模型") \
  X(err_model_and_params, "both --model {} and --params given", "同时给出了 --model {} 和 --params") \
  X(hint_give_one_of_them, "give one of them", "请只给出其中一个") \
  X(err_shape_flags_preset, "shape flags cannot change preset {}", "模型结构参数不能修改预设 {}") \
  X(err_expert_flags_preset, "expert flags cannot change preset {}", "专家参数不能修改预设 {}") \
  X(hint_shape_flags_preset, "give --params with the shape flags instead of --model", "请用 --params 加结构参数，而不是 --model") \
  X(hint_expert_flags_preset, "give --params with --active-params instead of --model", "请用 --params 加 --active-params，而不是 --model") \
  X(err_model_family, "{0} is a {1} model; {2} needs {3}", "{0} 是 {1} 模型；{2} 需要{3}") \
  X(hint_pick_diffusion_preset, "pick a diffusion preset (gpuselect catalog models)", "请选择扩散模型预设（见 'gpuselect catalog models'）") \
  X(hint_pick_family_model, "pick a model of that family or give --params", "请选择该类模型，或给出 --params") \
  X(err_moe_needs_active, "a custom mixture of experts needs --active-params (parameters used per token)", "自定义混合专家模型需要 --active-params（每个 token 用到的参数量）") \
  X(hint_moe_needs_active, "add --active-params, e.g. --active-params 13B for Mixtral 8x7B", "请加 --active-params，例如 Mixtral 8x7B 用 --active-params 13B") \
  X(err_active_exceed, "{0} active parameters exceed the model's {1}", "激活参数量 {0} 超过了模型的 {1}") \
  X(hint_at_most_params, "give at most --params", "请给出不超过 --params 的值") \
  X(err_active_equals, "equals --params, so no expert is ever skipped", "等于 --params，即没有专家被跳过") \
  X(hint_active_equals, "give the parameters one token uses (below --params) or drop the expert flags", "请给出单个 token 用到的参数量（小于 --params），或去掉专家参数") \
  X(err_not_moe, "{0} of {1} routed experts per token is not a mixture of experts", "每个 token 使用 {1} 个路由专家中的 {0} 个，不构成混合专家模型") \
  X(hint_not_moe, "give --experts of 2 or more and --experts-per-token below it", "请给出不小于 2 的 --experts，以及小于它的 --experts-per-token") \
  X(err_shape_needs_both, "a shape needs both --layers and --hidden when --params is not given", "未给出 --params 时，模型结构需要同时给出 --layers 和 --hidden") \
  X(hint_shape_needs_both, "give both, or give --params", "请两者都给出，或给出 --params") \
  X(err_shape_absurd, "the shape gives {} parameters, which is absurd", "该结构得出 {} 个参数，不合常理") \
  X(hint_check_layers_hidden, "check --layers and --hidden", "请检查 --layers 和 --hidden") \
  X(err_heads_divide, "{0} heads do not divide hidden size {1}", "{0} 个注意力头不能整除隐藏维度 {1}") \
  X(hint_heads_divide, "give a head count that divides --hidden", "请给出能整除 --hidden 的头数") \
  X(err_kv_heads_divide, "{0} KV heads do not divide {1} attention heads", "{0} 个 KV 头不能整除 {1} 个注意力头") \
  X(hint_kv_heads_divide, "give a divisor of --heads (grouped-query attention)", "请给出 --heads 的约数（分组查询注意力）") \
  X(err_method_finetune_only, "{0} applies to llm-finetune and image-finetune only, not {1}", "{0} 只适用于 llm-finetune 和 image-finetune，不适用于 {1}") \
  X(hint_method_finetune_only, "use --method full or --workload llm-finetune", "请用 --method full 或 --workload llm-finetune") \
  X(err_applies_only_with, "applies only with {0} or {1}", "只在 {0} 或 {1} 时适用") \
  X(err_applies_only_with_one, "applies only with {}", "只在 {} 时适用") \
  X(hint_add, "add {}", "请加 {}") \
  X(kind_target_matrix, "target matrix", "目标矩阵") \
  X(err_serving_precision, "{} is a serving precision here; training runs in bf16, fp16, fp32, fp8, or fp4 (NVFP4) for full LLM training", "{} 在这里是推理精度；训练使用 bf16、fp16、fp32、fp8，LLM 全参训练也可用 fp4（NVFP4）") \
  X(hint_serving_precision, "for 4-bit base weights use --method qlora", "如需 4 位基座权重，请用 --method qlora") \
  X(err_offload_needs_zero, "CPU offload needs ZeRO stage 1, 2 or 3 (DeepSpeed ZeRO-Offload)", "CPU 卸载需要 ZeRO 1、2 或 3 阶段（DeepSpeed ZeRO-Offload）") \
  X(hint_offload_needs_zero, "use --zero 2, --zero 3 or --zero auto", "请用 --zero 2、--zero 3 或 --zero auto") \
  X(err_offload_needs_zero3, "offloading parameters needs ZeRO-3", "卸载参数需要 ZeRO-3") \
  X(hint_offload_needs_zero3, "use --zero 3 or --offload optimizer", "请用 --zero 3 或 --offload optimizer") \
  X(err_ep_dense, "the model has no routed experts to spread (a dense model)", "该模型没有可分布的路由专家（稠密模型）") \
  X(hint_ep_dense, "drop --expert-parallel, or give a mixture of experts (--experts, --active-params or a MoE preset)", "请去掉 --expert-parallel，或给出混合专家模型（--experts、--active-params 或 MoE 预设）") \
  X(err_ep_divide, "{0} GPUs do not divide the {1} routed experts evenly", "{0} 块 GPU 不能均分 {1} 个路由专家") \
  X(hint_ep_divide, "give a divisor of the expert count", "请给出专家数的约数") \
  X(err_p90_below_mean, "{0} is below the mean of {1} ({2})", "{0} 低于均值 {1}（{2}）") \
  X(hint_p90_below_mean, "give a 90th percentile at or above {0} or lower {0}", "请给出不低于 {0} 的第 90 百分位数，或调低 {0}") \
  X(err_p90_above_mean, "{0} is more than 10x the mean of {1} ({2}): the longest 10% alone would exceed the mean", "{0} 超过均值 {1}（{2}）的 10 倍：仅最长的 10% 请求就会超过均值") \
  X(hint_p90_above_mean, "raise {0} to the mix's mean or lower {1}", "请把 {0} 提高到混合分布的均值，或调低 {1}") \
  X(err_not_for_kind, "does not apply to {0}; it is for {1}", "不适用于 {0}；它只用于 {1}") \
  X(err_provider_sells_no_region, "{0} sells in none of the regions asked ({1})", "{0} 在所要求的地域（{1}）均无售卖") \
  X(hint_provider_sells_no_region, "drop --region or --provider, or name a region {0} sells in", "请去掉 --region 或 --provider，或指定 {0} 有售卖的地域") \
  X(err_gpu_sold_in_no_region, "{0} is sold in none of the regions asked ({1})", "{0} 在所要求的地域（{1}）均无售卖") \
  X(hint_gpu_sold_in_no_region, "drop --region or --gpu, or name a region {0} is sold in", "请去掉 --region 或 --gpu，或指定 {0} 有售卖的地域") \
  X(err_pricing_any_combined, "'any' means every mode and is not listed with others", "'any' 表示所有计费方式，不能与其他方式并列") \
  X(hint_pricing_any_combined, "give --pricing any alone, or list the modes (e.g. on-demand,spot)", "请单独写 --pricing any，或列出各计费方式（例如 on-demand,spot）") \
  X(err_provider_in_and_out, "excludes {0}, which --provider names ({1})", "排除了 --provider 指定的 {0}（{1}）") \
  X(hint_provider_in_and_out, "drop {0} from --provider or from --exclude-provider", "请从 --provider 或 --exclude-provider 中去掉 {0}") \
  X(hint_drop_or_other_workload, "drop it or pick another --workload", "请去掉它，或换一个 --workload") \
  X(err_train_steps_with, "{0} and --train-steps both set how much to train", "{0} 和 --train-steps 都指定了训练量") \
  X(hint_train_steps_with, "give --train-steps, or --images and --epochs (or --tokens), not both", "只给 --train-steps，或只给 --images 和 --epochs（或 --tokens），不要同时给出") \
  X(err_batch_micro_batch, "--batch {0} and --micro-batch {1} disagree: for image-finetune both are the images per GPU per step", "--batch {0} 与 --micro-batch {1} 不一致：对 image-finetune，两者都是每 GPU 每步的图像数") \
  X(hint_batch_micro_batch, "give one of them, or the same number to both", "只给其中一个，或给两者相同的数") \
  X(err_needs_diffusion_preset, "{} needs a diffusion preset, not a custom model", "{} 需要扩散模型预设，而不是自定义模型") \
  X(hint_needs_diffusion_preset, "give --model sdxl, sd3.5-large, flux.1-dev, ... (gpuselect catalog models)", "请给出 --model sdxl、sd3.5-large、flux.1-dev 等（见 'gpuselect catalog models'）") \
  X(err_request_exceeds_context, "{0} input + {1} output tokens exceed the context of {2}", "输入 {0} + 输出 {1} 个 token 超过了上下文长度 {2}") \
  X(hint_request_exceeds_context, "raise --context or shorten the request", "请调高 --context，或缩短请求") \
  X(hint_request_exceeds_model, "shorten the request to at most {0} tokens in and out, the model's longest context", "请把请求的输入加输出缩短到至多 {0} 个 token（模型的最长上下文）") \
  X(err_context_beyond_model, "{0} tokens is past {1}'s longest context, {2}", "{0} 个 token 超过了 {1} 的最长上下文 {2}") \
  X(hint_context_beyond_model, "give at most {0}, or a model with a longer context", "请给出不超过 {0} 的值，或换一个上下文更长的模型") \
  X(err_p90_exceeds_context, "the p90 request ({0} input + {1} output tokens) exceeds the context of {2}", "p90 请求（输入 {0} + 输出 {1} 个 token）超过了上下文长度 {2}") \
  X(hint_p90_exceeds_context, "raise --context or lower --input-tokens-p90/--output-tokens-p90", "请调高 --context，或调低 --input-tokens-p90/--output-tokens-p90") \
  /* file-size limits (io::read_text, io::FileStream) */ \
  X(err_file_too_large, "file is {0} bytes, above the limit of {1} bytes", "文件大小为 {0} 字节，超过了 {1} 字节的上限") \
  X(err_input_too_large, "input is above the limit of {} bytes", "输入超过了 {} 字节的上限") \
  X(hint_split_catalog, "split the catalog into several files", "请把目录拆分成多个文件") \
  X(hint_config_small, "a config file is a handful of lines; check the path", "配置文件只有寥寥几行；请检查路径") \
  X(hint_import_file_kind, "check that this is a {} file (the largest published is about 5 MB)", "请确认这是 {} 文件（已发布的最大约 5 MB）") \
  /* the workload flags' own checks (workload::flags) */ \
  X(err_power_of_two, "must be a power of two (1, 2, 4, 8), got {}", "必须是 2 的幂（1、2、4、8），实际为 {}") \
  X(hint_power_of_two, "give {0} or {1}, the powers of two either side: tensor parallelism splits the heads evenly across 2^k GPUs", "请给 {0} 或 {1}（两侧最近的 2 的幂）：张量并行把注意力头均分到 2^k 块 GPU 上") \
  X(err_quant_bits, "must be 2, 4 or 8, got {}", "必须是 2、4 或 8，实际为 {}") \
  X(hint_quant_bits, "give 4 (NF4, the default), 8 (LLM.int8) or 2 (2-bit groups, e.g. HQQ/AQLM)", "请给 4（NF4，默认）、8（LLM.int8）或 2（2 位分组，例如 HQQ/AQLM）") \
  /* --request-mix files (workload::parse_request_mix) */ \
  X(hint_request_mix_rows, "give CSV rows 'input_tokens,output_tokens,share' (docs/cli.md --request-mix)", "请给出 'input_tokens,output_tokens,share' 形式的 CSV 行（见 docs/cli.md --request-mix）") \
  X(err_mix_file_large, "the file is larger than {} bytes", "文件超过 {} 字节") \
  X(hint_mix_small, "a request mix is a small histogram: at most 1000 rows", "请求分布是个小直方图：最多 1000 行") \
  X(err_mix_binary, "byte {} is not CSV text (a binary file?)", "字节 {} 不是 CSV 文本（二进制文件？）") \
  X(err_mix_header, "the header is not 'input_tokens,output_tokens,share'", "表头不是 'input_tokens,output_tokens,share'") \
  X(err_mix_fields, "{0} field{1} where 3 are needed", "只有 {0} 个字段，需要 3 个") \
  X(err_mix_more_fields, "more than 3 fields", "字段多于 3 个") \
  X(what_mix_input, "input tokens", "输入 token 数") \
  X(what_mix_output, "output tokens", "输出 token 数") \
  X(what_mix_share, "share", "占比") \
  X(err_mix_not_number, "the {} is not a number", "{} 不是数字") \
  X(err_mix_out_of_range, "{0} {1} is out of range ({2})", "{0} {1} 超出范围（{2}）") \
  X(what_mix_token_range, "1 to 1e8 tokens", "1 到 1e8 个 token") \
  X(what_mix_share_range, "above 0: a fraction, or a percentage", "大于 0：小数或百分数") \
  X(err_mix_rows, "more than {} rows", "超过 {} 行") \
  X(hint_mix_merge, "merge bins: a request mix is a small histogram", "请合并区间：请求分布是个小直方图") \
  X(err_mix_empty, "no rows: the request mix is empty", "没有数据行：请求分布为空") \
  X(err_mix_sum, "the shares sum to {}, not 1 (or 100%)", "占比之和为 {}，不是 1（或 100%）") \
  X(hint_mix_sum, "make the shares of all rows sum to 1", "请让所有行的占比之和为 1") \
  X(err_record_missing_keys, "{0} {1} (introduced in {2}) is missing required keys: {3}", "{0} {1}（在 {2} 中引入）缺少必需的键：{3}") \
  /* --gpus NAME:COUNT (resources::parse_gpu_spec) */ \
  X(hint_gpus_spec, "write NAME or NAME:COUNT as SkyPilot does, e.g. A100:8, or dstack's NAME:MEMORY:COUNT, memory before count, e.g. A100:80GB:8 (see 'gpuselect catalog gpus' for names)", "请像 SkyPilot 那样写 NAME 或 NAME:COUNT，例如 A100:8，或按 dstack 写 NAME:MEMORY:COUNT（显存在数量之前），例如 A100:80GB:8（名称见 'gpuselect catalog gpus'）") \
  /* image generation (docs/estimation.md "Image generation") */ \
  X(plan_image_replicas, "; each of the {0} GPUs is a replica of its own: more GPUs add images/s, not speed", "；这 {0} 块 GPU 各自是一个副本：GPU 越多每秒图像越多，单张并不更快") \
  X(mfu_diffusion_adapter, "DiT LoRA fine-tuning: fitted on published FLUX.1 step times", "DiT LoRA 微调：拟合自 FLUX.1 的公开步时") \
  /* training with --deadline: the performance criterion scores the hours at --confidence */ \
  X(fact_vs_fastest_confident, "{0} at {2} confidence vs fastest {1}", "{2} 置信度下 {0}，最快 {1}") \
  /* --method dreambooth (docs/estimation.md "Image generation") */ \
  X(dflt_images_trained_dreambooth, "images trained: {0} ({1} instance images x {2} epochs, each step with as many class images for prior preservation; the diffusers DreamBooth example's 5 images and 800 steps unless --images and --epochs are given)", "训练图像数：{0}（{1} 张实例图像 × {2} 轮，每步另加同样多的类别图像用于先验保持；未给出 --images 和 --epochs 时为 diffusers DreamBooth 示例的 5 张图像、800 步）") \
  X(dflt_images_trained_dreambooth_steps, "images trained: {0} ({1} optimizer steps x batch {2}, --train-steps, each step with as many class images for prior preservation)", "训练图像数：{0}（{1} 个优化器步 × 批大小 {2}，--train-steps，每步另加同样多的类别图像用于先验保持）") \
  X(err_dreambooth_image_only, "dreambooth applies to image-finetune only, not {0}", "dreambooth 只适用于 image-finetune，不适用于 {0}") \
  X(hint_dreambooth_image_only, "use --method full or lora for language models (DreamBooth fine-tunes a diffusion model)", "语言模型请用 --method full 或 lora（DreamBooth 用于微调扩散模型）") \
  /* ids and enum values as a reader reads them (text::term): the English is the id as written */ \
  X(term_profile_auto, "auto", "自动") \
  X(term_profile_balanced, "balanced", "均衡") \
  X(term_profile_cost_first, "cost-first", "成本优先") \
  X(term_profile_speed_first, "speed-first", "速度优先") \
  X(term_profile_production, "production", "生产") \
  X(term_profile_research, "research", "研究") \
  X(term_profile_pretraining, "pretraining", "预训练") \
  X(term_profile_fine_tuning, "fine-tuning", "微调") \
  X(term_profile_serving, "serving", "推理服务") \
  X(term_profile_development, "development", "开发") \
  X(term_tier_production, "production", "生产") \
  X(term_tier_development, "development", "开发") \
  X(term_stock_unknown, "unknown", "未知") \
  X(term_stock_low, "low", "偏低") \
  X(term_stock_medium, "medium", "中等") \
  X(term_stock_high, "high", "充足") \
  X(term_segment_datacenter, "datacenter", "数据中心级") \
  X(term_segment_workstation, "workstation", "工作站级") \
  X(term_segment_consumer, "consumer", "消费级") \
  X(term_recompute_none, "none", "无") \
  X(term_recompute_selective, "selective", "选择性") \
  X(term_recompute_full, "full", "完整") \
  X(term_offload_none, "none", "无") \
  X(term_offload_optimizer, "optimizer", "优化器") \
  X(term_offload_all, "all", "全部") \
  X(term_offload_nvme, "nvme", "NVMe") \
  X(term_family_decoder, "decoder", "解码器") \
  X(term_family_encoder, "encoder", "编码器") \
  X(term_family_moe, "moe", "混合专家") \
  X(term_family_cnn, "cnn", "卷积网络") \
  X(term_family_vit, "vit", "视觉 Transformer") \
  X(term_family_unet, "unet", "扩散 UNet") \
  X(term_family_dit, "dit", "扩散 DiT") \
  X(term_model_custom, "custom", "自定义") \
  X(term_ind_isolation, "isolation", "隔离") \
  X(term_ind_sla_uptime, "sla_uptime", "SLA 可用性") \
  X(term_ind_fault_recovery, "fault_recovery", "故障恢复") \
  X(term_ind_spot_risk, "spot_risk", "竞价回收风险") \
  X(term_ind_monitoring, "monitoring", "监控") \
  X(term_ind_memory_headroom, "memory_headroom", "显存余量") \
  X(term_ind_capacity, "capacity", "资源供给") \
  X(term_ind_fleet_failures, "fleet_failures", "集群故障") \
  X(term_ind_hardware_grade, "hardware_grade", "硬件等级") \
  X(term_ind_node_fabric, "node_fabric", "节点互联") \
  X(term_ind_software_stack, "software_stack", "软件栈") \
  X(term_ind_job_time, "job_time", "作业时间") \
  X(term_ind_job_cost, "job_cost", "作业成本") \
  X(term_ind_images, "images", "框架镜像") \
  X(term_ind_jupyterlab, "jupyterlab", "JupyterLab") \
  X(term_ind_custom_containers, "custom_containers", "自定义容器") \
  X(term_ind_kubernetes, "kubernetes", "Kubernetes") \
  X(term_ind_provision_minutes, "provision_minutes", "就绪时间") \
  X(term_ind_software_workarounds, "software_workarounds", "软件适配") \
  X(term_ind_tier, "tier", "支持等级") \
  X(term_ind_hours, "hours", "服务时间") \
  X(term_ind_first_response, "first_response", "首次响应") \
  X(term_ind_compliance, "compliance", "合规认证") \
  X(word_not_applicable, "n/a", "不适用") \
  X(cmp_indicator_name, "{0}.{1}", "{0}·{1}") \
  /* a multiplication sign between two counts: "micro-batch 1 x 64" (ASCII in English, as the tests and README show) */ \
  X(word_times, " x ", " × ") \
  /* catalog list --currency */ \
  X(cat_groups_currency_note, "{0} at the catalog's per-USD rates, per instance-hour and per GPU-hour, cheapest allowed mode.", "按目录中的美元汇率折算为 {0}，按实例小时和 GPU 小时计，取允许的最便宜计费方式。") \
  /* a subscription row's break-even against hourly on-demand, in its reason (table, markdown, html) */ \
  X(why_break_even, "break-even against on-demand at {0}% of the {1}'s hours", "盈亏平衡：使用超过整{1} {0}% 的时长即比按需划算") \
  X(why_host_spares, "N+{0} by host: the {1} replica(s) the load needs take {2} instance(s) and the spares run on {0} more of their own, so losing any one host leaves the load's replicas (--redundancy 0 rents {2})", "按主机计的 N+{0}：负载所需的 {1} 个副本占用 {2} 台实例，备用副本另占 {0} 台实例，任一主机故障后负载所需的副本仍在（--redundancy 0 只租 {2} 台）") \
  X(word_month, "month", "月") \
  X(word_year, "year", "年") \
  X(cat_converted_note, "Prices converted to {0} at the catalog's per-USD rates (--currency).", "价格按目录中的美元汇率折算为 {0}（--currency）。") \
  X(term_profile_fine_tuning_dev, "fine-tuning-dev", "开发期微调") \
  X(term_profile_serving_dev, "serving-dev", "开发期推理") \
  X(term_excl_memory, "memory", "显存") \
  X(term_excl_host_ram, "host-ram", "主机内存") \
  X(term_excl_software, "software", "软件栈") \
  X(term_excl_capacity, "capacity", "资源容量") \
  X(term_excl_price, "price", "价格") \
  X(term_excl_not_sold, "not sold", "未售") \
  X(hint_no_match_reservation, "{7}{0} removed the most ({1} candidate{2} each): open capacity does not hold that many GPUs that long, and none of the node counts it holds meets the deadline; on a held term ({14}) the ranking puts {3} node{10} of {4} first, meeting it at {5} confidence: add --pricing {11}{12}; the term commits {8} ({3} instance{10} x {13} h x {9}/h), charged whole unless --reserved-other-use states the term's other work{15}, or run with --show-excluded to see why", "{7}{0} 排除的候选最多（各 {1} 个）：开放容量无法长时间提供这么多 GPU，其可提供的节点数也都赶不上截止时间；按预留期限（{14}）排名第一的是 {4} 的 {3} 个节点，能以 {5} 的把握满足：请加 --pricing {11}{12}；该期限承诺 {8}（{3} 个实例 × {13} h × {9}/h），除非用 --reserved-other-use 说明期限内的其他工作，否则全额计入{15}，或加 --show-excluded 查看原因") \
  X(hint_no_match_reservation_deadline, "{7}{0} removed the most ({1} candidate{2}): no node count meets it in the modes open capacity sells; on a held term ({14}) the ranking puts {3} node{10} of {4} first, meeting it at {5} confidence: add --pricing {11}{12}; the term commits {8} ({3} instance{10} x {13} h x {9}/h), charged whole unless --reserved-other-use states the term's other work{15}, or run with --show-excluded to see why", "{7}{0} 排除的候选最多（{1} 个）：按开放容量出售的计费方式，任何节点数都赶不上截止时间；按预留期限（{14}）排名第一的是 {4} 的 {3} 个节点，能以 {5} 的把握满足：请加 --pricing {11}{12}；该期限承诺 {8}（{3} 个实例 × {13} h × {9}/h），除非用 --reserved-other-use 说明期限内的其他工作，否则全额计入{15}，或加 --show-excluded 查看原因") \
  X(hint_no_match_term_late, "{7}{0} removed the most ({1} candidate{2}): no node count meets it on the terms --pricing allows; the soonest, {3} node{10} of {4} on a held term ({14}), ends within {6} at {5} confidence: --pricing {11}{12} --deadline {6} admits it, a term that commits {8} ({3} instance{10} x {13} h x {9}/h), charged whole unless --reserved-other-use states the term's other work, or run with --show-excluded to see why", "{7}{0} 排除的候选最多（{1} 个）：在 --pricing 允许的期限下，任何节点数都赶不上截止时间；最快的是 {4} 的 {3} 个节点（{14}），以 {5} 的把握在 {6} 内完成：加 --pricing {11}{12} --deadline {6} 即可纳入，该期限承诺 {8}（{3} 个实例 × {13} h × {9}/h），除非用 --reserved-other-use 说明期限内的其他工作，否则全额计入，或加 --show-excluded 查看原因") \
  X(hint_no_match_reservation_late, "{7}{0} removed the most ({1} candidate{2} each): open capacity does not hold that many GPUs that long, and a held term ({14}) misses the deadline too (a block beyond the free pool waits up to a week for the provider); the soonest, {3} node{10} of {4}, ends within {6} at {5} confidence: --pricing {11}{12} --deadline {6} admits it, a term that commits {8} ({3} instance{10} x {13} h x {9}/h), charged whole unless --reserved-other-use states the term's other work{15}, or run with --show-excluded to see why", "{7}{0} 排除的候选最多（各 {1} 个）：开放容量无法长时间提供这么多 GPU，按预留期限（{14}）也赶不上截止时间（超出空闲资源池的资源块要等云厂商最多一周）；最快的是 {4} 的 {3} 个节点，以 {5} 的把握在 {6} 内完成：加 --pricing {11}{12} --deadline {6} 即可纳入，该期限承诺 {8}（{3} 个实例 × {13} h × {9}/h），除非用 --reserved-other-use 说明期限内的其他工作，否则全额计入{15}，或加 --show-excluded 查看原因") \
  X(hint_no_match_reservation_late_looser, "{7}{0} removed the most ({1} candidate{2} each): open capacity does not hold that many GPUs that long, and no held term meets the deadline either; loosen it{16}; a held term ({14}) would end sooner, {3} node{10} of {4} within {6} at {5} confidence (--pricing {11}{12} --deadline {6}), but commits {8} ({3} instance{10} x {13} h x {9}/h), charged whole unless --reserved-other-use states the term's other work{15}; or run with --show-excluded to see why", "{7}{0} 排除的候选最多（各 {1} 个）：开放容量无法长时间提供这么多 GPU，按预留期限也赶不上截止时间；请放宽截止时间{16}；预留期限（{14}）会更早完成：{4} 的 {3} 个节点以 {5} 的把握在 {6} 内完成（--pricing {11}{12} --deadline {6}），但该期限承诺 {8}（{3} 个实例 × {13} h × {9}/h），除非用 --reserved-other-use 说明期限内的其他工作，否则全额计入{15}；或加 --show-excluded 查看原因") \
  X(hint_no_match_host_ram_nodes, "the CPU offload needs more host RAM than most nodes have ({1} candidate{2}){3}; --max-nodes {4} spreads it over enough nodes on {5}, or run with --show-excluded to see why", "多数节点的主机内存放不下 CPU 卸载的数据（{1} 个）{3}；设 --max-nodes {4} 即可在 {5} 上分摊到足够多的节点，或加 --show-excluded 查看原因") \
  X(hint_no_match_host_ram_lighter, "the CPU offload needs more host RAM than most nodes have ({1} candidate{2}){3}, and more nodes do not spread it enough; a lighter method (--method lora or qlora) or a GPU with more memory (less to offload), or run with --show-excluded to see why", "多数节点的主机内存放不下 CPU 卸载的数据（{1} 个）{3}，增加节点也分摊不够；可换更轻的方法（--method lora 或 qlora）或显存更大的 GPU（需卸载的更少），或加 --show-excluded 查看原因") \
  X(hint_no_match_user_lever, "{0} alone removed {1} candidate{2}{3}: {6}; on the other {4} candidates {5}, which no constraint admits, or run with --show-excluded to see why", "{0} 单独排除了 {1} 个候选{3}：{6}；另外 {4} 个候选{5}，放宽约束也无法纳入，或加 --show-excluded 查看原因") \
  X(hint_no_match_user_lever_software, "{0} alone removed {1} candidate{2}{3}: {6}; on the other {4} candidates {5}: --allow-immature-stack ranks them, warned, or run with --show-excluded to see why", "{0} 单独排除了 {1} 个候选{3}：{6}；另外 {4} 个候选{5}：--allow-immature-stack 可将其纳入排名（附警告），或加 --show-excluded 查看原因") \
  X(hint_no_match_user_lever_fp16, "{0} alone removed {1} candidate{2}{3}: {6}; on the other {4} candidates the GPU has no bf16 units and the model overflows fp16, which no flag makes run correctly (--allow-immature-stack would rank them to produce NaNs), or run with --show-excluded to see why", "{0} 单独排除了 {1} 个候选{3}：{6}；另外 {4} 个候选的 GPU 没有 bf16 单元，而该模型在 fp16 下会溢出，任何标志都无法让其正确运行（--allow-immature-stack 会将其纳入排名，但输出为 NaN），或加 --show-excluded 查看原因") \
  X(hint_no_match_user_lever_precision, "{0} alone removed {1} candidate{2}{3}: {6}; on the other {4} candidates {5}: another --precision runs there where the job fits at it, or run with --show-excluded to see why", "{0} 单独排除了 {1} 个候选{3}：{6}；另外 {4} 个候选{5}：换用其他 --precision 可在其上运行（前提是任务在该精度下装得下），或加 --show-excluded 查看原因") \
  /* How to relax the levers of hint_no_match_user_lever: values, --allow- flags, or both. */ \
  X(hint_relax_value, "relax it to a looser value", "请放宽到更宽松的取值") \
  X(hint_relax_allow, "add it where the job can take that risk", "在作业可承受该风险时加上它") \
  X(hint_relax_allow_many, "add them where the job can take that risk", "在作业可承受该风险时加上这些标志") \
  X(hint_relax_either, "relax them (a looser value, or the --allow-... flag where the job can take that risk)", "请放宽（更宽松的取值，或在作业可承受该风险时加上相应的 --allow-... 标志）") \
  /* `catalog show`'s section titles (its rows are the catalog's YAML keys, as a team lead edits them). */ \
  X(show_offering, "offering", "方案（offering）") \
  X(show_provider, "provider", "云厂商（provider）") \
  X(show_gpu, "gpu", "GPU（gpu）") \
  X(show_model, "model", "模型（model）") \
  X(show_defined_at, "defined_at", "定义位置（defined_at）") \
  /* The region groups hint_see_regions names. */ \
  X(region_groups_listed, "cn (mainland China), us, eu", "cn（中国大陆）、us（美国）、eu（欧洲）") \
  X(lever_fact_memory, "the job does not fit in GPU memory", "的显存装不下此任务") \
  X(lever_fact_memory_serving, "a replica does not fit in one instance's GPU memory", "单个实例的显存装不下一个副本") \
  X(lever_fact_host_ram, "the CPU offload needs more host RAM than the node has", "的主机内存放不下 CPU 卸载的数据") \
  X(lever_fact_software, "the GPU's software stack does not run the job", "的 GPU 软件栈不支持此任务") \
  X(lever_fact_precision, "the GPU has no units for the job's precision", "的 GPU 不支持此任务的精度") \
  X(note_fleet, "{0} GPUs ({1} replicas at batch {2}, {3})", "{0} 个 GPU（{1} 个副本，批大小 {2}，{3}）") \
  X(note_risk_sized, "--risk-averse sizes #1 at {0}: each replica held to the latency band's slow end and to the risk-averse slack. Without --risk-averse the same offering serves the load on {1}. {2}", "--risk-averse 为第 1 名配置 {0}：每个副本都按延迟区间的慢端和风险规避的余量来定。不加 --risk-averse 时同一方案只需 {1}。{2}") \
  X(note_risk_sized_term, "A {0} term commits that margin for its whole length: commit the expected fleet, carry the margin on demand, and size the term on a replica measured under the real load.", "{0}合约会在整个期限内锁定这部分余量：按期望值签约，余量先用按需实例承担，再按真实负载下实测的单个副本确定合约规模。") \
  X(note_risk_sized_measure, "Measure one replica under the real load before renting the margin.", "租用这部分余量之前，先在真实负载下实测一个副本。") \
  X(note_fp8_serving, "The {0} has FP8 tensor cores: at FP8 weights (--precision fp8) #1's offering serves the load on {1} instead of {2}, as each decoded token reads half the weight bytes. Check the model's quality at FP8 first (a published FP8 checkpoint, or the engine's FP8 quantisation).", "{0} 具备 FP8 张量核心：使用 FP8 权重（--precision fp8）时，第 1 名方案只需 {1}，而不是 {2}，因为每生成一个 token 读取的权重字节减半。请先确认模型在 FP8 下的质量（已发布的 FP8 权重，或推理引擎的 FP8 量化）。") \
  X(note_mainland_implied_pricing, "Only mainland-China clouds sell the --pricing modes asked (monthly and yearly subscriptions), so every row here is sold only in mainland China: it needs an account there (most clouds ask for a mainland entity) and bills in CNY. Abroad, the nearest commitment is a reserved term: rank with --pricing on-demand,reserved-1y.", "只有中国大陆的云厂商提供所选的 --pricing 计费方式（包月、包年），因此这里的每个方案都只在中国大陆销售：需要当地账号（多数厂商要求大陆主体），并以人民币计费。在境外，最接近的承诺方式是预留实例：请用 --pricing on-demand,reserved-1y 排名。") \
  X(note_mainland_implied_gpu, "Every offering of the --gpu asked is sold only in mainland China (the export SKUs H20, H800, A800 and L20, or China's own Ascend), so every row here needs an account there (most clouds ask for a mainland entity) and bills in CNY. Abroad, rank the GPUs sold there (e.g. --gpu h100,h200).", "所选 --gpu 的方案都只在中国大陆销售（H20、H800、A800、L20 等特供型号，或国产昇腾），因此这里的每个方案都需要当地账号（多数厂商要求大陆主体），并以人民币计费。在境外，请对当地销售的 GPU 排名（例如 --gpu h100,h200）。") \
  X(note_thin_term_saving, "#1's {0} term, on {1}, is only {2} below on demand: {3} serves the same load over the same hours on {4}; a term that saves so little pays for its lock-in only where this GPU surely serves the whole term.", "第 1 名的{0}合约使用 {1}，仅比按需便宜 {2}：{3} 在相同时长内以 {4} 承担同样的负载；节省这么少的合约，只有当该 GPU 确定会服务满整个期限时才值得锁定。") \
  X(note_on_demand_cheaper, "On demand, {0} serves the same load over the same hours on {1}, less than #1's {2} term on {3}: a term pays where its GPU is the one the service would run anyway; rank with --pricing on-demand,{4} to weigh both.", "按需计费时，{0} 在相同时长内以 {1} 承担同样的负载，低于第 1 名{2}合约的 {3}：只有当合约的 GPU 本来就是服务要用的那款时，合约才划算；请用 --pricing on-demand,{4} 同时比较两者。") \
  X(note_term_long_run, "#1 runs {0} on {1} node{3}: the fewest nodes whose run ends within its term (the cheapest commitment), far past the {2}-day planning horizon most teams run to; give --deadline (e.g. 30d) for the nodes that finish sooner.", "第 1 名在 {1} 个节点上运行 {0}：这是在期限内跑完的最少节点数（承诺金额最低），远超多数团队采用的 {2} 天规划周期；如需更快完成，请给出 --deadline（例如 30d）以获得相应的节点数。") \
  X(w_term_boundary, "the run's band ({0}-{1}) crosses a term's end: priced for {2} terms ({3}), the terms its slow end needs; a run that ends within {4} costs {5} less.", "本作业的时间区间（{0}-{1}）跨越订阅期末：按区间慢端所需计 {2} 期（{3}）；若在 {4} 期内完成可少付 {5}。") \
  X(err_option_repeated, "given {0} times; it takes at most {1}", "给出了 {0} 次；此选项最多只能给 {1} 次") \
  X(err_value_not_converted, "{}", "取值的类型不对（{}）") \
  X(hint_no_match_deadline_block, "the deadline is met only beyond open capacity: {0} nodes of {1} meet it, more than open capacity usually has free at once, and a block that size is a reservation{5}; on open capacity --deadline removed the most ({2} candidate{3}){4}; or run with --show-excluded to see why", "截止时间只有超出开放容量才能满足：{1} 的 {0} 个节点可满足，但超出开放容量通常一次能空出的数量，这么大的资源块需要预留{5}；在开放容量上 --deadline 排除的候选最多（{2} 个）{4}；或加 --show-excluded 查看原因") \
  X(mode_capacity_block, "capacity-block", "容量块") \
  X(w_capacity_block, "A capacity block: {0} instance{1} for {2} ({3}), paid upfront ({4}) and not cancellable; it starts {5} after purchase and its instances stop when it ends, so it is sized to the run at its band's top; a slower run needs another block.", "容量块：{0} 个实例，共 {2}（{3}），预先全额付款（{4}）且不可取消；购买后 {5} 开始，结束时实例停止，因此按运行时间区间的上限确定长度；若运行偏慢需再买一个容量块。") \
  X(w_block_days, "{0} days", "{0} 天") \
  X(cat_block_h, "Block/h", "容量块/h") \
  X(term_method_full, "full", "全参") \
  X(term_method_lora, "lora", "LoRA") \
  X(term_method_qlora, "qlora", "QLoRA") \
  X(term_method_dreambooth, "dreambooth", "DreamBooth") \
  X(md_label_separator, ": ", "：") \
  X(cert_mlps3, "mlps3", "等保三级") \
  X(md_item_separator, "; ", "；") \
  X(hint_budget_currency, "; a budget is in {0}, held at each cost band's upper end", "；预算以 {0} 计，按各成本区间的上端核对") \
  X(hint_no_match_admits_soonest, " ({0} {1} admits the soonest of them, {2} on {3} node{4})", "（{0} 放宽到 {1} 即可纳入其中最快的 {2}，{3} 个节点）") \
  X(hint_no_match_admits_both, " ({0} {1} admits the cheapest of them, {2} on {3} node{4}; {0} {5} the soonest, {6} on {7} node{8})", "（{0} 放宽到 {1} 即可纳入其中最便宜的 {2}，{3} 个节点；放宽到 {5} 即可纳入最快的 {6}，{7} 个节点）") \
  X(hint_no_match_deadline_short, "--deadline removed the most ({2} candidate{3}){4}; {0} nodes of {1} would meet it, but that is more than open capacity usually has free at once{5}; or run with --show-excluded to see why", "--deadline 排除的候选最多（{2} 个）{4}；{1} 的 {0} 个节点可满足，但超出开放容量通常一次能空出的数量{5}；或加 --show-excluded 查看原因") \
  X(hint_no_match_deadline_held, "the deadline is met only beyond open capacity: {0} nodes of {1} meet it, more than open capacity usually has free at once; {5} ranks {6} node{7} of {8} ({9}) first: {10}, result in {11}; on open capacity --deadline removed the most ({2} candidate{3}){4}; or run with --show-excluded to see why", "截止时间只有超出开放容量才能满足：{1} 的 {0} 个节点可满足，但超出开放容量通常一次能空出的数量；加 {5} 时排第一的是 {8} 的 {6} 个节点（{9}）：{10}，{11} 出结果；在开放容量上 --deadline 排除的候选最多（{2} 个）{4}；或加 --show-excluded 查看原因") \
  X(hint_no_match_deadline_block_row, "the deadline is met only beyond open capacity: {0} nodes of {1} meet it, more than open capacity usually has free at once; a capacity block meets it: {11} ranks {5} node{6} of {7} first, a {8}-day block for {9} (result in {10}); on open capacity --deadline removed the most ({2} candidate{3}){4}; or run with --show-excluded to see why", "截止时间只有超出开放容量才能满足：{1} 的 {0} 个节点可满足，但超出开放容量通常一次能空出的数量；容量块可以满足：加 {11} 时排第一的是 {7} 的 {5} 个节点，{8} 天的容量块，{9}（{10} 出结果）；在开放容量上 --deadline 排除的候选最多（{2} 个）{4}；或加 --show-excluded 查看原因") \
  X(hint_clause_term, " (--pricing reserved-1y --reserved-other-use when a 1-year term has other work)", "（在 1 年期预留另有他用时加 --pricing reserved-1y --reserved-other-use）") \
  X(hint_clause_ask_block, ": ask the provider for a block that size for about {0}{1} and add its quote as pricing.capacity_block in an overlay (docs/catalog.md)", "：请向云厂商询问这么大、约 {0} 的容量块{1}，并把报价作为 pricing.capacity_block 写入覆盖文件（docs/catalog.md）") \
  X(block_products_aws, " (AWS: EC2 Capacity Blocks for ML)", "（AWS：EC2 Capacity Blocks for ML）") \
  X(block_products_gcp, " (Google Cloud: calendar-mode reservations of up to 90 days)", "（Google Cloud：日历模式预留，最长 90 天）") \
  X(hint_clause_no_block, " (no capacity block in scope meets it)", "（范围内没有能满足的容量块）") \
  X(hint_clause_no_block_term, " (no capacity block in scope meets it; --pricing reserved-1y --reserved-other-use when a 1-year term has other work)", "（范围内没有能满足的容量块；在 1 年期预留另有他用时加 --pricing reserved-1y --reserved-other-use）") \
  X(hint_clause_lever_term, "; or {0} node{1} of {2} meet the deadline at {3} confidence on a held term ({4}): add --pricing {5}{6}, committing {7}", "；或按预留期限（{4}），{2} 的 {0} 个节点能以 {3} 的把握满足截止时间：请加 --pricing {5}{6}，承诺 {7}") \
  X(hint_clause_looser_deadline, "; or a looser deadline{0}", "；或放宽截止时间{0}") \
  X(hint_clause_ask_block_first, "no offering here lists a capacity-block price: for a run of about {0} on {2} node{3} of {5}{6}, ask the provider for a block of those weeks{4} and add its quote as pricing.capacity_block in an overlay (docs/catalog.md), as the 1-year term below would be used about {1}%; otherwise, ", "这里没有方案列出容量块价格：运行约 {0}（{5} 的 {2} 个节点{6}），请向云厂商询问这几周的容量块{4}，并把报价作为 pricing.capacity_block 写入覆盖文件（docs/catalog.md），因为下面的 1 年期限只会用到约 {1}%；否则，") \
  X(hint_clause_ask_block_late, "; with that deadline, no offering here lists a capacity-block price: for the run of about {0} on {2} node{3} of {5}{6}, a block of those weeks from the provider{4} would replace a term used about {1}% (add its quote as pricing.capacity_block in an overlay, docs/catalog.md)", "；放宽截止时间后，这里没有方案列出容量块价格：运行约 {0}（{5} 的 {2} 个节点{6}），可向云厂商询问这几周的容量块{4}，代替只会用到约 {1}% 的期限（把报价作为 pricing.capacity_block 写入覆盖文件，docs/catalog.md）") \
  X(hint_clause_with_max_nodes, " (with --max-nodes {0})", "，需 --max-nodes {0}") \
  X(hint_clause_block_first, "{6} meets the deadline: {0} node{1} of {2} on a {3}-day block for {4} (result in {5}); otherwise, ", "加 {6} 即可满足截止时间：{2} 的 {0} 个节点，{3} 天的容量块，{4}（{5} 出结果）；否则，")
// clang-format on
