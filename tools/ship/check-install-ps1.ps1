# Parses install.ps1 with PowerShell's own parser and fails on any syntax
# error. Runs in the release workflow's Windows job; Linux machines without
# PowerShell check install.ps1 with tests/install/ps1_syntax.py instead.
$ErrorActionPreference = 'Stop'
$script = Join-Path $PSScriptRoot '..\..\install.ps1'
$tokens = $null
$errors = $null
[System.Management.Automation.Language.Parser]::ParseFile($script, [ref]$tokens, [ref]$errors) | Out-Null
if ($errors.Count -gt 0) {
    foreach ($e in $errors) { Write-Error -ErrorAction Continue "install.ps1:$($e.Extent.StartLineNumber): $($e.Message)" }
    exit 1
}
Write-Output "install.ps1: no syntax errors ($($tokens.Count) tokens)"
