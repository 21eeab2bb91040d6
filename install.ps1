<#
.SYNOPSIS
Installs the Self Checking profile for DeepSeek Harness (dsh) 0.1.0-rc.8.

.DESCRIPTION
The PowerShell twin of install.sh, option for option:

  install.sh --profile NAME    install.ps1 -ProfileName NAME
  install.sh --dsh-home DIR    install.ps1 -DshHome DIR
  install.sh --force           install.ps1 -Force
  install.sh --headless        install.ps1 -Headless
  install.sh --with-dsh        install.ps1 -WithDsh
  install.sh --uninstall       install.ps1 -Uninstall
  install.sh --help            install.ps1 -Help

Installs into $DSH_HOME/profiles/<name> (default ~/.dsh, name self-checking)
from a checkout of the repository or an unpacked release (install.ps1,
profile/, tools/verify.mjs side by side): copies the profile template,
assembles node_modules/@deepseek-ai/<pkg> from profile/forks, copies the
verifier, writes install-receipt.txt (the same format install.sh writes) and
runs the verifier. Needs Node.js 20 or later on PATH; dsh itself needs 22.15+.

.PARAMETER ProfileName
Profile name (default: self-checking); dsh --profile NAME boots it.
.PARAMETER DshHome
The dsh home (default: $env:DSH_HOME, else ~/.dsh).
.PARAMETER Force
Replace an existing profile; it is renamed to NAME.backup-<time> first.
.PARAMETER Headless
Compose the profile for one-shot runs (dsh-base + dsh-headless) instead of the web app.
.PARAMETER WithDsh
Also install the pinned dsh 0.1.0-rc.8 host (with Node 24) into DshHome/host
with tools/install-host.sh (needs bash and linux-x64) and create the shared
module fallback.
.PARAMETER Uninstall
Remove what the install wrote (listed in the profile's install-receipt.txt);
files changed since are kept.
#>
#Requires -Version 7.3
[CmdletBinding()]
param(
  [string]$ProfileName = 'self-checking',
  [string]$DshHome = '',
  [switch]$Force,
  [switch]$Headless,
  [switch]$WithDsh,
  [switch]$Uninstall,
  [switch]$Help
)

Set-StrictMode -Version 3
$ErrorActionPreference = 'Stop'

$Receipt = 'install-receipt.txt'
$ReceiptHeader = '# dsh profile install receipt, format 1: written by install.sh or install.ps1, read by --uninstall'
# dsh rewrites the profile's root cordis.yml at every boot, so its content
# proves nothing about who wrote it: the receipt marks it for removal as is.
$DshRootConfig = 'cordis.yml'
$WebBundle = '@deepseek-ai/dsh-web-app'
$HeadlessBundle = '@deepseek-ai/dsh-headless'
$MinNodeMajor = 20
$OnWindows = [System.Environment]::OSVersion.Platform -eq [System.PlatformID]::Win32NT

function Fail([string]$Message, [string]$Fix = '') {
  [Console]::Error.WriteLine("error: $Message")
  if ($Fix) { [Console]::Error.WriteLine("help: $Fix") }
  exit 1
}
function UsageError([string]$Message) {
  [Console]::Error.WriteLine("error: $Message")
  [Console]::Error.WriteLine('help: run install.ps1 -Help for the options')
  exit 2
}
function Warn([string]$Message) { [Console]::Error.WriteLine("warning: $Message") }
function Note([string]$Message) { [Console]::Error.WriteLine($Message) }

if ($Help) { Get-Help -Detailed $PSCommandPath; exit 0 }

# ── arguments ───────────────────────────────────────────────────────────────

$name = $ProfileName
# The names dsh itself refuses (see its profile resolution), plus option-like ones.
if ($name -eq '' -or $name -eq '.' -or $name -eq '..' -or $name -eq 'node_modules' -or $name.Contains('/') -or
    $name.Contains('\') -or $name.StartsWith('-') -or $name.StartsWith('.') -or $name.Contains("`t") -or $name.Contains("`n")) {
  UsageError "invalid profile name ``$name``: use letters, digits, dots, dashes or underscores, not starting with a dot or dash"
}
if ($Uninstall -and ($Force -or $Headless -or $WithDsh)) { UsageError '-Uninstall takes only -ProfileName and -DshHome' }
if ($PSBoundParameters.ContainsKey('DshHome') -and -not $DshHome.Trim()) { UsageError '-DshHome needs a directory, not an empty string' }
if (-not $DshHome) { $DshHome = $env:DSH_HOME }
if (-not $DshHome -or -not $DshHome.Trim()) { $DshHome = Join-Path $HOME '.dsh' }
if ($DshHome.Contains("`t") -or $DshHome.Contains("`n")) { UsageError 'the dsh home path must not contain tabs or newlines' }

$SourceRoot = $PSScriptRoot
$DshHome = [System.IO.Path]::GetFullPath($DshHome)
$ProfilesDir = Join-Path $DshHome 'profiles'
$Target = Join-Path $ProfilesDir $name

# ── helpers ─────────────────────────────────────────────────────────────────

function Sha256Of([string]$Path) { (Get-FileHash -Algorithm SHA256 -LiteralPath $Path).Hash.ToLowerInvariant() }

# Receipt paths use forward slashes on every platform, as install.sh writes them.
function ToReceiptPath([string]$Root, [string]$Path) {
  [System.IO.Path]::GetRelativePath($Root, $Path).Replace('\', '/')
}
function FromReceiptPath([string]$Root, [string]$Rel) {
  if ($Rel -eq '.') { return $Root }
  Join-Path $Root ($Rel.Replace('/', [System.IO.Path]::DirectorySeparatorChar))
}

# Off Windows, give $To the permission bits of $From (FileSystemInfo.UnixFileMode, .NET 7+).
function Copy-UnixMode([string]$From, [string]$To) {
  if (-not $OnWindows) { (Get-Item -LiteralPath $To -Force).UnixFileMode = (Get-Item -LiteralPath $From -Force).UnixFileMode }
}
# Copy a file keeping its bytes and, off Windows, its permission bits.
function Copy-FileExact([string]$From, [string]$To) {
  [System.IO.File]::Copy($From, $To, $true)
  Copy-UnixMode $From $To
}
function Copy-TreeExact([string]$From, [string]$To) {
  New-Item -ItemType Directory -Force -Path $To | Out-Null
  Copy-UnixMode $From $To
  foreach ($entry in Get-ChildItem -LiteralPath $From -Force) {
    $dest = Join-Path $To $entry.Name
    if ($entry.PSIsContainer) { Copy-TreeExact $entry.FullName $dest } else { Copy-FileExact $entry.FullName $dest }
  }
}

function Require-Node {
  if (-not (Get-Command node -ErrorAction SilentlyContinue)) {
    Fail 'Node.js is not installed (no `node` on PATH); the installer needs it to verify the profile' `
      "install Node.js $MinNodeMajor or later (dsh itself needs 22.15 or later), e.g. from https://nodejs.org or your package manager, then re-run; or re-run with -WithDsh after installing Node.js and npm, to get dsh with its own Node 24"
  }
  $major = 0
  try { $major = [int](& node -p 'process.versions.node.split(".")[0]') } catch { $major = 0 }
  if ($major -lt $MinNodeMajor) {
    Fail "Node.js $(& node --version) is too old; the verifier needs Node.js $MinNodeMajor or later" 'install a newer Node.js (dsh itself needs 22.15 or later) and re-run'
  }
}

# ── uninstall ───────────────────────────────────────────────────────────────

function Warn-AboutSessions {
  $verifier = Join-Path $Target 'verify.mjs'
  $sessions = Join-Path $DshHome 'sessions'
  if (-not (Test-Path -LiteralPath $sessions -PathType Container)) { return }
  if (-not (Test-Path -LiteralPath $verifier) -or -not (Get-Command node -ErrorAction SilentlyContinue)) {
    Warn "could not check $sessions for sessions in the self-checking mode (needs node and $verifier)"
    return
  }
  $listing = @(& node $verifier --sessions $DshHome 2>$null)
  if ($listing.Count -eq 0) { return }
  Warn "these sessions in $sessions recorded the self-checking mode:"
  foreach ($line in $listing) { Note "  $line" }
  Note '  A "current" session is still in the mode, which dsh without this profile does'
  Note '  not know: it cannot run that session. Switch each one back first: open it with'
  Note '  this profile and choose /permission workspace-write (or Settings → Permission).'
  Note '  An "earlier" session used the mode before and has switched back already.'
  Note '  The uninstall goes on; installing the profile again makes the sessions usable.'
}

function Invoke-Uninstall {
  $receiptPath = Join-Path $Target $Receipt
  if (-not (Test-Path -LiteralPath $Target -PathType Container)) {
    Fail "there is no profile ``$name`` in $ProfilesDir; nothing to uninstall" 'pass the name and dsh home used at install: -ProfileName NAME -DshHome DIR'
  }
  if (-not (Test-Path -LiteralPath $receiptPath -PathType Leaf)) {
    Fail "$Target has no $Receipt, so it was not installed by install.sh or install.ps1; nothing removed" 'remove it by hand if it is yours to remove'
  }
  $lines = @(Get-Content -LiteralPath $receiptPath -Encoding utf8)
  if ($lines.Count -eq 0 -or $lines[0] -ne $ReceiptHeader) {
    Fail "$receiptPath is not an install receipt this installer understands; nothing removed" 'remove the profile by hand'
  }
  # One object per line: Kind, then the line's tab-separated fields A and B
  # (file: A = sha256, B = path; the other kinds: A = the path).
  $entries = @($lines | Select-Object -Skip 1 | Where-Object { $_ -ne '' } | ForEach-Object {
      $fields = $_ -split "`t"
      [pscustomobject]@{ Kind = $fields[0]; A = $(if ($fields.Count -gt 1) { $fields[1] } else { '' }); B = $(if ($fields.Count -gt 2) { $fields[2] } else { '' }) }
    })
  foreach ($entry in $entries) {
    if ($entry.Kind -notin @('profile', 'created', 'dir', 'file', 'rewritten-by-dsh')) {
      Fail "$receiptPath has an unknown entry ``$($entry.Kind)``; nothing removed" 'remove the profile by hand'
    }
  }

  Warn-AboutSessions

  $removed = 0
  $kept = New-Object System.Collections.Generic.List[string]
  foreach ($entry in @($entries | Where-Object { $_.Kind -eq 'file' })) {
    $path = FromReceiptPath $Target $entry.B
    $item = Get-Item -LiteralPath $path -Force -ErrorAction SilentlyContinue
    if ($null -eq $item) { continue }
    if (-not $item.PSIsContainer -and -not $item.LinkType -and (Sha256Of $path) -eq $entry.A) {
      Remove-Item -LiteralPath $path -Force
      $removed++
    } else {
      $kept.Add($entry.B)
    }
  }
  foreach ($entry in @($entries | Where-Object { $_.Kind -eq 'rewritten-by-dsh' })) {
    $path = FromReceiptPath $Target $entry.A
    if (Test-Path -LiteralPath $path -PathType Leaf) { Remove-Item -LiteralPath $path -Force; $removed++ }
  }
  Remove-Item -LiteralPath $receiptPath -Force
  # Directories the install made, deepest first, when nothing else is in them.
  $dirs = @($entries | Where-Object { $_.Kind -eq 'dir' } | ForEach-Object { $_.A } | Sort-Object -Property Length -Descending)
  foreach ($rel in $dirs) { Remove-EmptyDirectory (FromReceiptPath $Target $rel) }
  $created = @($entries | Where-Object { $_.Kind -eq 'created' } | ForEach-Object { $_.A } | Sort-Object -Property Length -Descending)
  foreach ($dir in $created) { Remove-EmptyDirectory $dir }

  Note "removed $removed files of profile ``$name`` from $Target"
  if ($kept.Count -gt 0) {
    Warn "kept $($kept.Count) file(s) changed since the install:"
    foreach ($rel in $kept) { Note "  $rel" }
  }
  if (Test-Path -LiteralPath $Target) {
    Warn "$Target still holds files the install did not write (kept):"
    Get-ChildItem -LiteralPath $Target -Recurse -Force -File | Select-Object -First 20 |
      ForEach-Object { Note "  $(ToReceiptPath $Target $_.FullName)" }
  }
  $backups = @(Get-ChildItem -LiteralPath $ProfilesDir -Directory -Filter "$name.backup-*" -ErrorAction SilentlyContinue | ForEach-Object { $_.Name })
  if ($backups.Count -gt 0) { Note "backups made by -Force are kept in ${ProfilesDir}: $($backups -join ' ')" }
  $hostDir = Join-Path $DshHome 'host'
  if (Test-Path -LiteralPath $hostDir) { Note "the dsh host in $hostDir is kept (other profiles may use it); remove that directory to remove it" }
}

function Remove-EmptyDirectory([string]$Path) {
  $item = Get-Item -LiteralPath $Path -Force -ErrorAction SilentlyContinue
  if ($null -ne $item -and $item.PSIsContainer -and -not (Get-ChildItem -LiteralPath $Path -Force | Select-Object -First 1)) {
    Remove-Item -LiteralPath $Path -Force
  }
}

# ── install ─────────────────────────────────────────────────────────────────

function Test-Source {
  $missing = @('profile/package.json', 'profile/cordis.patch.yml', 'profile/forks', 'tools/verify.mjs' |
    Where-Object { -not (Test-Path -LiteralPath (FromReceiptPath $SourceRoot $_)) })
  if ($missing.Count -gt 0) {
    Fail "$SourceRoot is missing $($missing -join ' '): not a complete checkout or release" 'download the release zip again, or restore the files with git'
  }
  $packages = @(Get-ChildItem -LiteralPath (Join-Path $SourceRoot 'profile/forks') -Directory -Filter '@*' |
    ForEach-Object { Get-ChildItem -LiteralPath $_.FullName -Directory } |
    Where-Object { Test-Path -LiteralPath (Join-Path $_.FullName 'package.json') })
  if ($packages.Count -eq 0) { Fail "$SourceRoot/profile/forks holds no packages" 'restore profile/forks from git or the release zip' }
}

$script:HostLauncher = ''
function Install-Host {
  $installer = Join-Path $SourceRoot 'tools/install-host.sh'
  if (-not (Test-Path -LiteralPath $installer) -or -not (Test-Path -LiteralPath (Join-Path $SourceRoot 'host'))) {
    Fail '-WithDsh needs tools/install-host.sh and host/ beside install.ps1' 'use a complete checkout or release zip'
  }
  if (-not (Get-Command npm -ErrorAction SilentlyContinue)) { Fail '-WithDsh installs dsh with npm, which is not on PATH' 'install Node.js with npm 11 or later and re-run' }
  if (-not (Get-Command bash -ErrorAction SilentlyContinue)) {
    Fail '-WithDsh runs tools/install-host.sh, which needs bash (and ships Node 24 for linux-x64 only)' 'install dsh 0.1.0-rc.8 yourself as host/package.json lists it, boot it once, then re-run without -WithDsh'
  }
  $hostDir = Join-Path $DshHome 'host'
  Note "installing the dsh 0.1.0-rc.8 host into $hostDir (npm registry, about a minute on a cold cache) ..."
  $out = @(& bash $installer $hostDir)
  if ($LASTEXITCODE -ne 0) { Fail "installing the dsh host into $hostDir failed (see the lines above)" 'check registry access with `npm ping`, then re-run with -WithDsh' }
  $launcherLine = $out | Where-Object { $_ -like 'launcher=*' } | Select-Object -First 1
  $script:HostLauncher = if ($launcherLine) { $launcherLine.Substring('launcher='.Length) } else { '' }
  if (-not $script:HostLauncher -or -not (Test-Path -LiteralPath $script:HostLauncher)) {
    Fail "the dsh host installed, but its launcher ``$($script:HostLauncher)`` is missing" "remove $hostDir and re-run with -WithDsh"
  }
}

# Stage the profile next to its final place (same volume, so the final
# rename is atomic), from the template and the fork layer.
function New-StagedProfile([string]$Staging) {
  foreach ($entry in Get-ChildItem -LiteralPath (Join-Path $SourceRoot 'profile') -Force) {
    if ($entry.Name -eq 'node_modules') { continue }
    $dest = Join-Path $Staging $entry.Name
    if ($entry.PSIsContainer) { Copy-TreeExact $entry.FullName $dest } else { Copy-FileExact $entry.FullName $dest }
  }
  foreach ($scope in Get-ChildItem -LiteralPath (Join-Path $Staging 'forks') -Directory -Filter '@*') {
    foreach ($pkg in Get-ChildItem -LiteralPath $scope.FullName -Directory) {
      if (-not (Test-Path -LiteralPath (Join-Path $pkg.FullName 'package.json'))) { continue }
      $modules = Join-Path (Join-Path $Staging 'node_modules') $scope.Name
      New-Item -ItemType Directory -Force -Path $modules | Out-Null
      Copy-TreeExact $pkg.FullName (Join-Path $modules $pkg.Name)
    }
  }
  Copy-FileExact (Join-Path $SourceRoot 'tools/verify.mjs') (Join-Path $Staging 'verify.mjs')
  [System.IO.File]::WriteAllText((Join-Path $Staging $DshRootConfig), "# dsh rewrites this file at every boot; put your rows in cordis.patch.yml.`n[]`n")
  if ($Headless) {
    $switchBundle = @'
const fs = require('node:fs');
const [file, web, headless] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
const bundles = manifest.dsh?.profile?.bundles ?? [];
if (!bundles.includes(web)) throw new Error(`${file} does not name ${web} in dsh.profile.bundles`);
manifest.dsh.profile.bundles = bundles.map((bundle) => (bundle === web ? headless : bundle));
fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
'@
    & node -e $switchBundle (Join-Path $Staging 'package.json') $WebBundle $HeadlessBundle
    if ($LASTEXITCODE -ne 0) { Fail "could not switch $Staging/package.json to the headless bundle" }
  }
}

function Write-Receipt([string]$Staging, [string[]]$Created) {
  $lines = New-Object System.Collections.Generic.List[string]
  $lines.Add($ReceiptHeader)
  $lines.Add("profile`t$name")
  foreach ($dir in $Created) { $lines.Add("created`t$dir") }
  $lines.Add("rewritten-by-dsh`t$DshRootConfig")
  $dirs = @('.') + @(Get-ChildItem -LiteralPath $Staging -Recurse -Force -Directory | ForEach-Object { ToReceiptPath $Staging $_.FullName })
  foreach ($rel in ($dirs | Sort-Object)) { $lines.Add("dir`t$rel") }
  $files = Get-ChildItem -LiteralPath $Staging -Recurse -Force -File |
    ForEach-Object { [pscustomobject]@{ Rel = (ToReceiptPath $Staging $_.FullName); Full = $_.FullName } } |
    Where-Object { $_.Rel -ne $DshRootConfig } |
    Sort-Object -Property Rel
  foreach ($file in $files) {
    if ($file.Rel.Contains("`t")) { Fail "file name with a tab in the profile: $($file.Rel)" }
    $lines.Add("file`t$(Sha256Of $file.Full)`t$($file.Rel)")
  }
  $tmp = Join-Path $Staging ".$Receipt.tmp"
  [System.IO.File]::WriteAllText($tmp, (($lines -join "`n") + "`n"))
  Move-Item -LiteralPath $tmp -Destination (Join-Path $Staging $Receipt) -Force
}

function Write-NextSteps {
  $dsh = if ($script:HostLauncher) { $script:HostLauncher } else { 'dsh' }
  $defaultHome = [System.IO.Path]::GetFullPath((Join-Path $HOME '.dsh'))
  $envPrefix = if ($DshHome -ne $defaultHome) { "`$env:DSH_HOME='$DshHome'; " } else { '' }
  Write-Output ''
  Write-Output "Installed the Self Checking profile ``$name`` into $Target."
  if ($Headless) {
    Write-Output "Run one task:          $envPrefix`$env:DSH_PERMISSION_MODE='self-checking'; $dsh --profile $name `"<task>`""
  } else {
    Write-Output "Start dsh with it:     $envPrefix$dsh --profile $name"
    Write-Output 'Select the mode:       Settings → Permission → Self Checking, or /permission self-checking'
    Write-Output "Make it the default:   $envPrefix`$env:DSH_PERMISSION_MODE='self-checking'; $dsh --profile $name"
  }
  Write-Output "Check it again:        node $(Join-Path $Target 'verify.mjs') --profile $Target"
  $homeOption = if ($envPrefix) { " -DshHome $DshHome" } else { '' }
  Write-Output "Uninstall:             $(Join-Path $SourceRoot 'install.ps1') -Uninstall -ProfileName $name$homeOption"
}

function Invoke-Install {
  Test-Source
  Require-Node
  if ((Test-Path -LiteralPath $Target) -and -not $Force) {
    Fail "a profile ``$name`` already exists in $ProfilesDir; nothing was changed" `
      "re-run with -Force to back it up (renamed to $name.backup-<time>) and replace it, or with -Uninstall to remove it"
  }
  # Every directory this install creates, outermost first, so that the
  # uninstall (and a rollback) can remove them again when they are empty.
  $created = New-Object System.Collections.Generic.List[string]
  $dir = $ProfilesDir
  while ($dir -and -not (Test-Path -LiteralPath $dir -PathType Container)) {
    $created.Insert(0, $dir)
    $dir = Split-Path -Parent $dir
  }
  $created = @($created)
  New-Item -ItemType Directory -Force -Path $ProfilesDir | Out-Null
  if ($WithDsh) { Install-Host }

  $staging = Join-Path $ProfilesDir ".$name.install-$PID"
  if (Test-Path -LiteralPath $staging) { Remove-Item -LiteralPath $staging -Recurse -Force }
  New-Item -ItemType Directory -Path $staging | Out-Null
  $backup = ''
  try {
    New-StagedProfile $staging
    Write-Receipt $staging $created
    if (Test-Path -LiteralPath $Target) {
      $backup = Join-Path $ProfilesDir "$name.backup-$((Get-Date).ToUniversalTime().ToString('yyyyMMddTHHmmssZ'))"
      $base = $backup; $n = 1
      while (Test-Path -LiteralPath $backup) { $backup = "$base-$n"; $n++ }
      Move-Item -LiteralPath $Target -Destination $backup
      Note "backed up the existing profile to $backup"
    }
    Move-Item -LiteralPath $staging -Destination $Target
  } finally {
    if (Test-Path -LiteralPath $staging) { Remove-Item -LiteralPath $staging -Recurse -Force }
  }

  $rollback = {
    Remove-Item -LiteralPath $Target -Recurse -Force
    if ($backup) { Move-Item -LiteralPath $backup -Destination $Target; Note "restored the previous profile from $backup" }
    foreach ($dir in ($created | Sort-Object -Property Length -Descending)) { Remove-EmptyDirectory $dir }
  }

  # dsh creates the shared module fallback on any profile boot; a config dump
  # is the cheapest boot.
  if ($script:HostLauncher) {
    $previous = $env:DSH_HOME
    $env:DSH_HOME = $DshHome
    try { & $script:HostLauncher --profile $name --dump-default-config | Out-Null; $status = $LASTEXITCODE } finally { $env:DSH_HOME = $previous }
    if ($status -ne 0) {
      & $rollback
      Fail "dsh could not load the installed profile ``$name`` (see the lines above); the install was rolled back" 're-run with -WithDsh; if it fails again, report the output'
    }
  }

  Write-Output "verifying $Target ..."
  & node (Join-Path $Target 'verify.mjs') --profile $Target
  if ($LASTEXITCODE -ne 0) {
    & $rollback
    Fail 'the installed profile failed verification (the FAIL lines above say which check and why); the install was rolled back, nothing was changed' `
      're-install from a complete, unmodified checkout or release; if a check about the dsh install failed, install the matching dsh 0.1.0-rc.8 (or use -WithDsh)'
  }

  if (-not (Test-Path -LiteralPath (Join-Path $ProfilesDir 'node_modules/@deepseek-ai/dsh'))) {
    Warn "no pristine dsh install found ($ProfilesDir/node_modules is missing), so the checks marked SKIP above did not run"
    Note "  To get dsh: re-run with -WithDsh (installs dsh 0.1.0-rc.8 with Node 24 into $DshHome/host),"
    Note "  or install dsh 0.1.0-rc.8 yourself and run ``dsh --profile $name --dump-default-config`` once with DSH_HOME=$DshHome,"
    Note "  then check again: node $(Join-Path $Target 'verify.mjs') --profile $Target"
  }
  Write-NextSteps
}

if ($Uninstall) { Invoke-Uninstall } else { Invoke-Install }
exit 0
