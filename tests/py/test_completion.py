"""The completion scripts load in bash, zsh and fish and complete subcommands, flags and values.
Candidates come from `gpuselect __complete`: a catalog overlay with hostile ids (a command
substitution, a double quote, a backtick) must be offered literally and never run.
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
""")
hostile_ids = ["m$(touch PWNED)", 'm"q`touch PWNED2`']


def nothing_ran(shell):
    check(f"{shell}: no hostile id was executed",
          not any(pathlib.Path(workdir, name).exists() for name in ("PWNED", "PWNED2")), os.listdir(workdir))


def run(shell_argv, script):
    return subprocess.run([*shell_argv, script], capture_output=True, text=True, timeout=60, env=environment,
                          cwd=workdir)


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
ask gpuselect --catalog evil.yaml recommend --model m >/dev/null
printf 'HOSTILE:%s\n' "${{COMPREPLY[@]}}"
ask gpuselect recommend --output evi >/dev/null
echo "FILE: ${{COMPREPLY[*]}}"
"""
    result = run(["bash", "-c"], probe)
    out = result.stdout
    check("bash loads", result.returncode == 0, result.stderr)
    check("bash subcommand", "SUB: recommend" in out, out)
    check("bash flag", "--show-excluded" in out, out)
    check("bash workload value", "WORKLOAD: llm-finetune" in out, out)
    check("bash gpu id", "h100-sxm5-80gb" in out, out)
    check("bash nested subcommand", "NESTED: import" in out, out)
    for hostile in hostile_ids:
        check(f"bash offers {hostile!r} literally", f"HOSTILE:{hostile}\n" in out, out)
    check("bash completes a path after --output", "FILE: evil.yaml" in out, out)
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
# compadd stands in for the completion widget: it prints what would be offered.
compadd() {{ shift; print -rl -- "${{@/#/OFFER:}}" }}
words=(gpuselect --catalog evil.yaml recommend --model m); CURRENT=6; _gpuselect
words=(gpuselect rec); CURRENT=2; _gpuselect
words=(gpuselect recommend --workload llm-f); CURRENT=4; _gpuselect
"""
    result = run(["zsh", "-f", "-c"], probe)
    out = result.stdout
    check("zsh loads", result.returncode == 0, result.stderr)
    check("zsh function", "_gpuselect: function" in out, out)
    check("zsh registered", "\n_gpuselect\n" in out, out)
    check("zsh subcommand", "OFFER:recommend\n" in out, out)
    check("zsh workload value", "OFFER:llm-finetune\n" in out, out)
    for hostile in hostile_ids:
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
complete -C 'gpuselect --catalog evil.yaml recommend --model m' | string replace -r '^' 'OFFER:'
"""
    result = run(["fish", "--no-config", "-c"], probe)
    out = result.stdout
    check("fish loads", result.returncode == 0, result.stderr)
    check("fish subcommand", "SUB: recommend" in out, out)
    check("fish flag", "--show-excluded" in out, out)
    check("fish workload value", "llm-finetune" in out.split("WORKLOAD:")[-1], out)
    offered = [line.split("\t")[0] for line in out.splitlines() if line.startswith("OFFER:")]
    for hostile in hostile_ids:
        check(f"fish offers {hostile!r} literally", "OFFER:" + hostile in offered, out)
    nothing_ran("fish")
else:
    checks.skip("fish: not installed")

shutil.rmtree(workdir, ignore_errors=True)
sys.exit(checks.finish())
