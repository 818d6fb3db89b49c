"""Shell completion scripts (bash, zsh, fish) written from the argparse parser itself.

A script is static: it lists the commands, their options and the values those take, so that
completing never starts Python. Made from the parser, it cannot drift from the commands; a new
command appears in it once the user prints the script again.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmdash.cli.parsing import Parser

FILE = "@file"  # complete a file name
DIR = "@dir"  # complete a folder name


@dataclass
class Node:
    """One command level: `gmdash`, `gmdash campaign`, `gmdash campaign new`."""

    path: str
    help: str = ""
    commands: dict[str, Node] = field(default_factory=dict)
    flags: list[tuple[str, str]] = field(default_factory=list)  # (option, help)
    # option -> (help, the values it takes: choices, or FILE / DIR)
    valued: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    positional: list[str] = field(default_factory=list)  # values of the first positional


def _values(action: argparse.Action) -> list[str]:
    if action.choices is not None:
        return [str(choice) for choice in action.choices]
    if action.type is Path:
        return [DIR if "DIR" in str(action.metavar or "") else FILE]
    return []


def tree(parser: Parser, path: str = "", help: str = "") -> Node:
    """The command tree of `parser`."""
    node = Node(path, help)
    for name, (text, sub) in parser.commands.items():
        node.commands[name] = tree(sub, f"{path} {name}".strip(), text)
    for action in parser.arguments:
        if action.option_strings:
            text = action.help if action.help and action.help != argparse.SUPPRESS else ""
            for option in action.option_strings:
                if action.nargs == 0:
                    node.flags.append((option, text))
                else:
                    values = [DIR] if option == "--saves" else _values(action)
                    node.valued[option] = (text, values)
        elif not node.positional:
            node.positional = _values(action)
    return node


def walk(node: Node) -> list[Node]:
    """`node` and every command below it, depth first."""
    return [node, *(n for child in node.commands.values() for n in walk(child))]


def script(parser: Parser, shell: str) -> str:
    """The completion script of `parser` for `shell` (bash, zsh or fish)."""
    root = tree(parser)
    prog = parser.prog
    if shell == "fish":
        return _fish(root, prog)
    text = _bash(root, prog)
    if shell == "zsh":  # zsh runs the bash function through its bash-completion emulation
        return "autoload -U +X bashcompinit && bashcompinit\n" + text
    return text


def _words(items: list[str]) -> str:
    return " ".join(items)


def _options(node: Node) -> str:
    return _words([*(flag for flag, _ in node.flags if flag != "-h"), *node.valued])


def _bash(root: Node, prog: str) -> str:
    fn = "_" + prog.replace("-", "_")
    nodes = walk(root)

    def case(name: str, arms: list[tuple[str, str]]) -> str:
        lines = [f"{fn}_{name}() {{", '    case "$1" in']
        lines += [f'        "{key}") echo "{value}" ;;' for key, value in arms if value]
        lines += ["    esac", "}"]
        return "\n".join(lines)

    valued = [(f"{n.path}|{option}", _words(values) or "@none")
              for n in nodes for option, (_, values) in n.valued.items()]  # fmt: skip
    parts = [
        f'# {prog} completion for bash (and zsh): eval "$({prog} completion bash)"',
        case("subs", [(n.path, _words(list(n.commands))) for n in nodes]),
        case("opts", [(n.path, _options(n)) for n in nodes]),
        case("values", valued),
        case("positional", [(n.path, _words(n.positional)) for n in nodes]),
        f"""{fn}_reply() {{
    case "$1" in
        @file) COMPREPLY=($(compgen -f -- "$2")) ;;
        @dir) COMPREPLY=($(compgen -d -- "$2")) ;;
        @none) COMPREPLY=() ;;
        *) COMPREPLY=($(compgen -W "$1" -- "$2")) ;;
    esac
}}
{fn}() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="" path="" word sub i skip=0
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${{COMP_WORDS[i]}}"
        if ((skip)); then skip=0; continue; fi
        if [[ $word == -* ]]; then
            [[ -n $({fn}_values "$path|$word") ]] && skip=1
            continue
        fi
        for sub in $({fn}_subs "$path"); do
            if [[ $sub == "$word" ]]; then path="${{path:+$path }}$word"; break; fi
        done
    done
    ((COMP_CWORD > 1)) && prev="${{COMP_WORDS[COMP_CWORD - 1]}}"
    if ((skip)); then
        {fn}_reply "$({fn}_values "$path|$prev")" "$cur"
    elif [[ $cur == -* ]]; then
        {fn}_reply "$({fn}_opts "$path")" "$cur"
    elif [[ -n $({fn}_subs "$path") ]]; then
        {fn}_reply "$({fn}_subs "$path")" "$cur"
    else
        {fn}_reply "$({fn}_positional "$path")" "$cur"
    fi
}}
complete -o filenames -F {fn} {prog}
""",
    ]
    return "\n".join(parts)


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish(root: Node, prog: str) -> str:
    fn = "__" + prog.replace("-", "_")
    nodes = walk(root)
    paths = [n.path for n in nodes if n.path]
    valued = [f"{n.path}|{option}" for n in nodes for option in n.valued]
    lines = [
        f"# {prog} completion for fish: {prog} completion fish > "
        f"~/.config/fish/completions/{prog}.fish",
        f"set -g {fn}_paths {' '.join(_fish_quote(p) for p in paths)}",
        f"set -g {fn}_valued {' '.join(_fish_quote(v) for v in valued)}",
        f"""function {fn}_path
    set -l words (commandline -opc)
    set -e words[1]
    set -l path ''
    set -l skip 0
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        if string match -q -- '-*' $word
            contains -- "$path|$word" ${fn}_valued; and set skip 1
            continue
        end
        set -l candidate (string trim -- "$path $word")
        contains -- $candidate ${fn}_paths; and set path $candidate
    end
    echo $path
end
function {fn}_is
    set -l path ({fn}_path)
    test "$path" = "$argv[1]"
end""",
        f"complete -c {prog} -f",
    ]
    for node in nodes:
        when = f"-n {_fish_quote(f'{fn}_is {_fish_quote(node.path)}')}"
        for name, child in node.commands.items():
            lines.append(f"complete -c {prog} {when} -a {_fish_quote(name)} "
                         f"-d {_fish_quote(child.help)}")  # fmt: skip
        for option, text in node.flags:
            lines.append(f"complete -c {prog} {when} {_fish_option(option)} -d {_fish_quote(text)}")
        for option, (text, values) in node.valued.items():
            lines.append(f"complete -c {prog} {when} {_fish_option(option)} "
                         f"{_fish_values(values)} -d {_fish_quote(text)}")  # fmt: skip
        if node.positional and not node.commands:
            lines.append(f"complete -c {prog} {when} {_fish_values(node.positional)}")
    return "\n".join(lines) + "\n"


def _fish_option(option: str) -> str:
    return f"-l {option[2:]}" if option.startswith("--") else f"-s {option[1:]}"


def _fish_values(values: list[str]) -> str:
    if values in ([FILE], [DIR]):
        return "-r -F"
    if values:
        return f"-x -a {_fish_quote(' '.join(values))}"
    return "-x"
