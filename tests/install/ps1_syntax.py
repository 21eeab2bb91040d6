"""Parses a PowerShell script with the tree-sitter PowerShell grammar and
prints every syntax error; exits 1 when there is one. The tests use it on
install.ps1 because PowerShell itself cannot be installed on the test
machines."""
import sys

import tree_sitter
import tree_sitter_powershell


def syntax_errors(source: bytes):
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_powershell.language()))
    pending = [parser.parse(source).root_node]
    while pending:
        node = pending.pop()
        if node.type == "ERROR" or node.is_missing:
            yield node
        pending.extend(node.children)


def main(path: str) -> int:
    source = open(path, "rb").read()
    lines = source.splitlines()
    errors = sorted(syntax_errors(source), key=lambda node: node.start_point)
    for node in errors:
        row, column = node.start_point
        kind = "missing " + node.type if node.is_missing else "syntax error"
        print(f"{path}:{row + 1}:{column + 1}: {kind}: {lines[row].decode(errors='replace').strip()}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
