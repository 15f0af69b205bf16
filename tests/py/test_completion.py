"""The completion scripts load in bash, zsh and fish and complete subcommands, flags, choices,
catalog ids (after --model, --gpu, --provider, --offering, compare and catalog show, including an
overlay named on the line) and file paths (after --catalog, --config, -o/--output).
Candidates come from `gpuselect __complete`: a catalog overlay with hostile ids (a command
substitution, a double quote, a backtick, a space) must be offered literally and never run, and bash
inserts them quoted so that the command line holds the id as one literal word.
A shell that is not installed is reported as skipped (scripts/quickstart.sh test installs all three)."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

from checks import Checks

binary = str(pathlib.Path(sys.argv[1]).resolve())
checks = Checks()
check = checks.check

# The scripts call `gpuselect` by name, as a user's shell does.
environment = dict(os.environ, PATH=str(pathlib.Path(binary).resolve().parent) + os.pathsep + os.environ["PATH"])
workdir = tempfile.mkdtemp(prefix="gpuselect-completion-")
pathlib.Path(workdir, "evil.yaml").write_text("""schema_version: 1
models:
  - id: "m$(touch PWNED)"
    name: evil
    params: 7e9
    source: test
  - id: 'm"q`touch PWNED2`'
    name: quote
    params: 7e9
    source: test
gpus:
  - id: "g$(touch PWNED3) x"
    name: evil GPU with a space
    memory_gb: 80
    memory_bandwidth_gbps: 3000
    bf16_dense_tflops: 900
    source: test
""")
pathlib.Path(workdir, "broken.yaml").write_text("schema_version: 1\ngpus: [{id: b, memory_gb: 80,0}]\n")
pathlib.Path(workdir, "team-config.yaml").write_text("top: 5\n")
hostile_ids = ["m$(touch PWNED)", 'm"q`touch PWNED2`']
hostile_gpu = "g$(touch PWNED3) x"
created = ("PWNED", "PWNED2", "PWNED3")


def nothing_ran(shell):
    check(f"{shell}: no hostile id was executed",
          not any(pathlib.Path(workdir, name).exists() for name in created), os.listdir(workdir))


def run(shell_argv, script):
    return subprocess.run([*shell_argv, script], capture_output=True, text=True, timeout=120, env=environment,
                          cwd=workdir)


def complete(*words):
    return subprocess.run([binary, "__complete", *words], capture_output=True, text=True, timeout=60, cwd=workdir)


# The binary's answers, shell-independent.
answer = complete("--catalog", "broken.yaml", "recommend", "--gpu", "h100-s")
check("a broken overlay: nothing on stderr", answer.stderr == "", answer.stderr)
check("a broken overlay: exit 0", answer.returncode == 0, answer.returncode)
check("a broken overlay: the built-in ids still come", "h100-sxm5-80gb" in answer.stdout.split("\n"), answer.stdout)
answer = complete("recommend", "--gpu", "h100-sxm5-80gb,a100-s")
check("a comma-separated list completes its last item", "h100-sxm5-80gb,a100-sxm4-80gb" in answer.stdout.split("\n"),
      answer.stdout)
answer = complete("recommend", "--require", "rdma,nv")
check("--require completes its last item", answer.stdout.split("\n")[:2] == ["rdma,nvlink", "rdma,nvswitch"],
      answer.stdout)
answer = complete("estimate", "--offering", "lambda/")
check("--offering offers offering ids", answer.stdout.startswith("lambda/"), answer.stdout)
answer = complete("recommend", "--gpu", "a100")
check("GPU aliases in any case", "A100" in answer.stdout.split("\n") and "a100-sxm4-80gb" in answer.stdout.split("\n"),
      answer.stdout)
answer = complete("recommend", "--gpus", "A100:")
check("--gpus A100: offers the counts sold", "A100:8" in answer.stdout.split("\n"), answer.stdout)
answer = complete("recommend", "--region", "us-east-")
check("--region offers regions", "us-east-1" in answer.stdout.split("\n"), answer.stdout)
answer = complete("catalog", "update", "--cloud", "lam")
check("--cloud offers clouds", "lambda" in answer.stdout.split("\n"), answer.stdout)
for words in (("catalog", "validate", ""), ("catalog", "import", "skypilot", "")):
    answer = complete(*words)
    check(f"{' '.join(words)}: the shell completes a file name", answer.stdout == ":file:\n", answer.stdout)
answer = complete("recommend", "--provider", "lam")
check("--provider offers provider ids", answer.stdout == "lambda\n", answer.stdout)
answer = complete("compare", "aws/p3.2xlarge", "aws/p3.")
check("compare offers offering ids for every id", "aws/p3.2xlarge" in answer.stdout.split("\n"), answer.stdout)
answer = complete("--catalog", "evil.yaml", "catalog", "show", "")
for wanted in ("h100-sxm5-80gb", "lambda", "llama-2-7b", "aws/p3.2xlarge", hostile_gpu, *hostile_ids):
    check(f"catalog show offers {wanted!r}", wanted in answer.stdout.split("\n"), answer.stdout[:300])
answer = complete("recommend", "--catalog", "")
check("after --catalog the binary offers nothing (the shell completes paths)", answer.stdout == "", answer.stdout)

# bash: source the script, then ask the completion function as bash would.
if shutil.which("bash"):
    probe = f"""
source <("{binary}" completion bash) || exit 9
complete -p gpuselect || exit 8
ask() {{ COMP_WORDS=("$@"); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 )); COMPREPLY=(); _gpuselect; echo "${{COMPREPLY[*]}}"; }}
echo "SUB: $(ask gpuselect rec)"
echo "FLAG: $(ask gpuselect recommend --show-ex)"
echo "WORKLOAD: $(ask gpuselect recommend --workload llm-f)"
echo "GPU: $(ask gpuselect recommend --gpu h100-s)"
echo "NESTED: $(ask gpuselect catalog imp)"
echo "OFFERING: $(ask gpuselect estimate --offering aws/p3.2)"
echo "COMPARE: $(ask gpuselect compare aws/p3.2)"
echo "SHOW: $(ask gpuselect catalog show h100-sxm5-8)"
echo "PROVIDER: $(ask gpuselect recommend --provider lam)"
ask gpuselect --catalog evil.yaml recommend --model m >/dev/null
printf 'HOSTILE:%s\\n' "${{COMPREPLY[@]}}"
# What the user's line would hold after TAB, read back as the shell reads it (the words are %q-quoted).
for inserted in "${{COMPREPLY[@]}}"; do eval "set -- $inserted"; printf 'WORD:%s:%s\\n' "$#" "$1"; done
ask gpuselect --catalog evil.yaml recommend --gpu g >/dev/null
for inserted in "${{COMPREPLY[@]}}"; do eval "set -- $inserted"; printf 'GPUWORD:%s:%s\\n' "$#" "$1"; done
ask gpuselect --catalog evil.yaml catalog show 'g$' >/dev/null
echo "QUOTED-CUR: ${{#COMPREPLY[@]}}"
ask gpuselect recommend --output evi >/dev/null
echo "FILE: ${{COMPREPLY[*]}}"
ask gpuselect --catalog evi >/dev/null
echo "CATALOG-FILE: ${{COMPREPLY[*]}}"
ask gpuselect --config team-c >/dev/null
echo "CONFIG-FILE: ${{COMPREPLY[*]}}"
"""
    result = run(["bash", "-c"], probe)
    out = result.stdout
    check("bash loads", result.returncode == 0, result.stderr)
    check("bash subcommand", "SUB: recommend" in out, out)
    check("bash flag", "--show-excluded" in out, out)
    check("bash workload value", "WORKLOAD: llm-finetune" in out, out)
    check("bash gpu id", "h100-sxm5-80gb" in out, out)
    check("bash nested subcommand", "NESTED: import" in out, out)
    check("bash offering id after --offering", "OFFERING: aws/p3.2xlarge\n" in out, out)
    check("bash offering id after compare", "COMPARE: aws/p3.2xlarge\n" in out, out)
    check("bash any id after catalog show", "SHOW: h100-sxm5-80gb\n" in out, out)
    check("bash provider id", "PROVIDER: lambda\n" in out, out)
    for hostile in hostile_ids:
        check(f"bash inserts {hostile!r} as one literal word", f"WORD:1:{hostile}\n" in out, out)
    check(f"bash inserts {hostile_gpu!r} (a space) as one literal word", f"GPUWORD:1:{hostile_gpu}\n" in out, out)
    check("bash quotes what it inserts", "HOSTILE:m\\$\\(touch\\ PWNED\\)\n" in out, out)
    check("bash reads a quoted word being completed", "QUOTED-CUR: 1\n" in out, out)
    check("bash completes a path after --output", "FILE: evil.yaml" in out, out)
    check("bash completes a path after --catalog", "CATALOG-FILE: evil.yaml" in out, out)
    check("bash completes a path after --config", "CONFIG-FILE: team-config.yaml" in out, out)
    nothing_ran("bash")
else:
    checks.skip("bash: not installed")

# zsh: the script must load with the completion system and define the function.
if shutil.which("zsh"):
    probe = f"""
autoload -Uz compinit && compinit -u -d /tmp/gpuselect-zcompdump-$$
source <("{binary}" completion zsh) || exit 9
whence -w _gpuselect
print -r -- ${{_comps[gpuselect]}}
# compadd and _files stand in for the completion widget: they print what would be offered.
compadd() {{ shift; print -rl -- "${{@/#/OFFER:}}" }}
_files() {{ print -r -- "FILES:${{words[CURRENT]}}" }}
words=(gpuselect --catalog evil.yaml recommend --model m); CURRENT=6; _gpuselect
words=(gpuselect --catalog evil.yaml recommend --gpu g); CURRENT=6; _gpuselect
words=(gpuselect rec); CURRENT=2; _gpuselect
words=(gpuselect recommend --workload llm-f); CURRENT=4; _gpuselect
words=(gpuselect compare aws/p3.2); CURRENT=3; _gpuselect
words=(gpuselect estimate --offering lambda/gpu_1x_h1); CURRENT=4; _gpuselect
words=(gpuselect catalog show llama-2-7); CURRENT=4; _gpuselect
words=(gpuselect --catalog evi); CURRENT=3; _gpuselect
words=(gpuselect recommend -o ou); CURRENT=4; _gpuselect
"""
    result = run(["zsh", "-f", "-c"], probe)
    out = result.stdout
    check("zsh loads", result.returncode == 0, result.stderr)
    check("zsh function", "_gpuselect: function" in out, out)
    check("zsh registered", "\n_gpuselect\n" in out, out)
    check("zsh subcommand", "OFFER:recommend\n" in out, out)
    check("zsh workload value", "OFFER:llm-finetune\n" in out, out)
    check("zsh offering id after compare", "OFFER:aws/p3.2xlarge\n" in out, out)
    check("zsh offering id after --offering", "OFFER:lambda/gpu_1x_h100_pcie\n" in out, out)
    check("zsh model id after catalog show", "OFFER:llama-2-7b\n" in out, out)
    check("zsh completes paths after --catalog", "FILES:evi\n" in out, out)
    check("zsh completes paths after -o", "FILES:ou\n" in out, out)
    for hostile in [*hostile_ids, hostile_gpu]:
        check(f"zsh offers {hostile!r} literally", f"OFFER:{hostile}\n" in out, out)
    nothing_ran("zsh")
else:
    checks.skip("zsh: not installed")

# fish: complete -C asks fish for the completions of a command line.
if shutil.which("fish"):
    probe = f"""
"{binary}" completion fish | source
echo SUB: (complete -C 'gpuselect rec')
echo FLAG: (complete -C 'gpuselect recommend --show-ex')
echo WORKLOAD: (complete -C 'gpuselect recommend --workload llm-f')
echo COMPARE: (complete -C 'gpuselect compare aws/p3.2')
echo OFFERING: (complete -C 'gpuselect estimate --offering aws/p3.2')
echo SHOW: (complete -C 'gpuselect catalog show llama-2-7')
echo CATALOG-FILE: (complete -C 'gpuselect --catalog evi')
echo OUTPUT-FILE: (complete -C 'gpuselect recommend -o evi')
complete -C 'gpuselect --catalog evil.yaml recommend --model m' | string replace -r '^' 'OFFER:'
complete -C 'gpuselect --catalog evil.yaml recommend --gpu g' | string replace -r '^' 'OFFER:'
"""
    result = run(["fish", "--no-config", "-c"], probe)
    out = result.stdout
    check("fish loads", result.returncode == 0, result.stderr)
    check("fish subcommand", "SUB: recommend" in out, out)
    check("fish flag", "--show-excluded" in out, out)
    check("fish workload value", "llm-finetune" in out.split("WORKLOAD:")[-1], out)
    check("fish offering id after compare", "COMPARE: aws/p3.2xlarge\n" in out, out)
    check("fish offering id after --offering", "OFFERING: aws/p3.2xlarge\n" in out, out)
    check("fish model id after catalog show", "llama-2-7b" in out.split("SHOW:")[-1].split("\n")[0].split(), out)
    check("fish completes paths after --catalog", "CATALOG-FILE: evil.yaml\n" in out, out)
    check("fish completes paths after -o", "OUTPUT-FILE: evil.yaml\n" in out, out)
    offered = [line.split("\t")[0] for line in out.splitlines() if line.startswith("OFFER:")]
    for hostile in [*hostile_ids, hostile_gpu]:
        check(f"fish offers {hostile!r} literally", "OFFER:" + hostile in offered, out)
    nothing_ran("fish")
else:
    checks.skip("fish: not installed")

shutil.rmtree(workdir, ignore_errors=True)
sys.exit(checks.finish())
