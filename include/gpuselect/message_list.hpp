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
