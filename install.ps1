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
  install.sh --plugin-route    install.ps1 -PluginRoute
  install.sh --plugin BUNDLE   install.ps1 -Plugin BUNDLE
  install.sh --help            install.ps1 -Help

Installs into $DSH_HOME/profiles/<name> (default ~/.dsh, name self-checking)
from a checkout of the repository or an unpacked release (install.ps1,
profile/, tools/verify.mjs side by side): copies the profile template,
assembles node_modules/@deepseek-ai/<pkg> and node_modules/<plugin> from
profile/forks, copies the verifier, writes install-receipt.txt (the same format install.sh writes) and
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
.PARAMETER PluginRoute
Instead of installing the Self Checking profile, add the dsh-self-checking
bundle to your existing profile NAME (default: web) with `dsh plugin`; with
-Uninstall, remove it.
.PARAMETER Plugin
The same for any bundle of this project: dsh-self-checking (= -PluginRoute),
dsh-result-check or dsh-proof. The add is verified (tools/verify.mjs --strict)
and undone when that fails; dsh and pnpm are brought through npm
when not installed.
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
  [switch]$PluginRoute,
  [string]$Plugin = '',
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

# Every exit but a clean one prints an `error:` and a `help:` line: Fail and
# UsageError say so; the catch around the run covers anything else.
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
if (($PluginRoute -or $Plugin) -and -not $PSBoundParameters.ContainsKey('ProfileName')) { $name = 'web' }
# The names dsh itself refuses (see its profile resolution), plus option-like ones.
if ($name -eq '' -or $name -eq '.' -or $name -eq '..' -or $name -eq 'node_modules' -or $name.Contains('/') -or
    $name.Contains('\') -or $name.StartsWith('-') -or $name.StartsWith('.') -or $name.Contains("`t") -or $name.Contains("`n")) {
  UsageError "invalid profile name ``$name``: use letters, digits, dots, dashes or underscores, not starting with a dot or dash"
}
if ($PluginRoute -and ($Force -or $Headless -or $WithDsh)) { UsageError '-PluginRoute takes only -Uninstall, -ProfileName and -DshHome' }
if ($Plugin -and ($Force -or $Headless -or $WithDsh)) { UsageError '-Plugin takes only -Uninstall, -ProfileName and -DshHome' }
if ($Uninstall -and ($Force -or $Headless -or $WithDsh)) { UsageError '-Uninstall takes only -ProfileName and -DshHome' }
if ($PSBoundParameters.ContainsKey('DshHome') -and -not $DshHome.Trim()) { UsageError '-DshHome needs a directory, not an empty string' }
if (-not $DshHome) { $DshHome = $env:DSH_HOME }
if (-not $DshHome -or -not $DshHome.Trim()) { $DshHome = Join-Path $HOME '.dsh' }
if ($DshHome.Contains("`t") -or $DshHome.Contains("`n")) { UsageError 'the dsh home path must not contain tabs or newlines' }

$SourceRoot = $PSScriptRoot
# Absolute with no `.` or `..` components, as the uninstall checks the receipt against it.
$DshHome = [System.IO.Path]::TrimEndingDirectorySeparator([System.IO.Path]::GetFullPath($DshHome))
$ProfilesDir = Join-Path $DshHome 'profiles'
$Target = Join-Path $ProfilesDir $name
# One install or uninstall at a time per dsh home: they hold this file open
# exclusively (removed again when they end). DSH_INSTALL_LOCK_WAIT bounds the wait.
$LockFile = Join-Path $DshHome '.install.lock'
$LockWait = if ($env:DSH_INSTALL_LOCK_WAIT) { $env:DSH_INSTALL_LOCK_WAIT } else { '600' }
if ($LockWait -notmatch '^[0-9]+$') { UsageError "DSH_INSTALL_LOCK_WAIT must be a number of seconds, not ``$LockWait``" }
$LockWait = [int]$LockWait

# ── the plugin route: a bundle added to an existing profile ────────────────

# Adds (or removes) one bundle of this project (dsh-self-checking, the plugin
# route, or a checking plugin) to an existing profile through dsh's own
# `dsh plugin` (pnpm), as docs/plugin-route.md describes: the profile keeps
# everything else it has. Nothing extra to install: dsh comes from
# DshHome/host, PATH or, failing both, the pinned host installed with npm;
# pnpm from PATH or, failing that, the pinned pnpm run through npm. The add
# is verified (tools/verify.mjs --strict) and undone when that fails.
$PnpmVersion = '12.21.0'
function Restart-Note { Note "if dsh is running, restart it (dsh --profile $name) and reload the page: a running dsh keeps the bundles it booted with" }
function Find-PluginDsh {
  $hostDsh = Join-Path (Join-Path (Join-Path $DshHome 'host') 'bin') 'dsh'
  if (Test-Path -LiteralPath $hostDsh -PathType Leaf) { return $hostDsh }
  if (Get-Command dsh -ErrorAction SilentlyContinue) { return (Get-Command dsh).Source }
  Note "dsh is neither in $(Join-Path $DshHome 'host') nor on PATH: installing the pinned dsh 0.1.0-rc.8 with npm"
  $installer = Join-Path $SourceRoot 'tools/install-host.sh'
  if (-not (Test-Path -LiteralPath $installer) -or -not (Test-Path -LiteralPath (Join-Path $SourceRoot 'host'))) {
    Fail 'installing dsh needs tools/install-host.sh and host/ beside install.ps1' 'use a complete checkout or release zip, or install dsh 0.1.0-rc.8 yourself'
  }
  if (-not (Get-Command npm -ErrorAction SilentlyContinue)) { Fail 'dsh is installed with npm, which is not on PATH' 'install Node.js with npm 11 or later and re-run' }
  if (-not (Get-Command bash -ErrorAction SilentlyContinue)) { Fail 'installing dsh runs tools/install-host.sh, which needs bash (and ships Node 24 for linux-x64 only)' 'install dsh 0.1.0-rc.8 yourself, then re-run' }
  $out = @(& bash $installer (Join-Path $DshHome 'host'))
  if ($LASTEXITCODE -ne 0) { Fail "installing the dsh host into $(Join-Path $DshHome 'host') failed (see the lines above)" "check registry access with ``npm ping``, then re-run $PluginFlag" }
  $line = $out | Where-Object { $_ -like 'launcher=*' } | Select-Object -First 1
  if (-not $line) { Fail 'the dsh host installed, but reported no launcher' "remove $(Join-Path $DshHome 'host') and re-run $PluginFlag" }
  return $line.Substring('launcher='.Length)
}
# A directory whose `pnpm` runs the pinned pnpm through npm, when none is on PATH.
function Provide-Pnpm {
  if (Get-Command pnpm -ErrorAction SilentlyContinue) { return }
  if (-not (Get-Command npm -ErrorAction SilentlyContinue)) {
    Fail 'neither pnpm nor npm is on PATH; `dsh plugin` runs pnpm, which this installer brings through npm' 'install Node.js with npm, then re-run'
  }
  $dir = Join-Path ([System.IO.Path]::GetTempPath()) "install-pnpm-$PID"
  New-Item -ItemType Directory -Force -Path $dir | Out-Null
  if ($OnWindows) {
    [System.IO.File]::WriteAllText((Join-Path $dir 'pnpm.cmd'), "@npm exec --yes --package=pnpm@$PnpmVersion -- pnpm %*`r`n")
  } else {
    $shim = Join-Path $dir 'pnpm'
    [System.IO.File]::WriteAllText($shim, "#!/bin/sh`nexec npm exec --yes --package=pnpm@$PnpmVersion -- pnpm `"`$@`"`n")
    [System.IO.File]::SetUnixFileMode($shim, [System.IO.UnixFileMode]'UserRead, UserWrite, UserExecute, GroupRead, GroupExecute, OtherRead, OtherExecute')
  }
  $env:PATH = "$dir$([System.IO.Path]::PathSeparator)$env:PATH"
  Note "pnpm is not on PATH: ``dsh plugin`` runs the pinned pnpm $PnpmVersion through npm"
}
# The package to add: a checkout has its directory (plugins/); an unpacked
# release has the tarball (bundles/) or, for the checking plugins, the copy
# in the profile's fork layer.
function Get-BundleSpec {
  $dir = Join-Path (Join-Path $SourceRoot 'plugins') $Plugin
  $bundlesDir = Join-Path $SourceRoot 'bundles'
  $tarballs = @(if (Test-Path -LiteralPath $bundlesDir -PathType Container) { Get-ChildItem -LiteralPath $bundlesDir -File -Filter "$Plugin-*.tgz" })
  $forkCopy = Join-Path (Join-Path (Join-Path $SourceRoot 'profile') 'forks') $Plugin
  if ((Test-Path -LiteralPath (Join-Path (Join-Path $dir 'lib') 'index.js')) -and (Test-Path -LiteralPath (Join-Path $dir 'cordis.patch.yml'))) { return "file:$dir" }
  if ($tarballs.Count -eq 1) { return $tarballs[0].FullName }
  if ($tarballs.Count -gt 1) { Fail "more than one bundle tarball in ${bundlesDir}: $(($tarballs | ForEach-Object Name) -join ' ')" 'keep the one of this release (re-unpack the release into an empty directory), then re-run' }
  if (Test-Path -LiteralPath (Join-Path (Join-Path $forkCopy 'lib') 'index.js')) { return "file:$forkCopy" }
  Fail "the bundle is missing: neither $dir/lib/index.js (a checkout) nor $bundlesDir/$Plugin-<version>.tgz (a release) exists" 'run install.ps1 from a checkout of the repository or from an unpacked release (`forklayer release` ships the bundle)'
}

$PluginFlag = if ($PluginRoute) { '-PluginRoute' } else { '-Plugin' }
if ($PluginRoute) { $Plugin = 'dsh-self-checking' }
if ($Plugin) {
  if (@('dsh-self-checking', 'dsh-result-check', 'dsh-proof') -notcontains $Plugin) { UsageError "unknown bundle ``$Plugin``: -Plugin takes dsh-self-checking, dsh-result-check or dsh-proof" }
  if (-not (Get-Command node -ErrorAction SilentlyContinue)) { Fail 'Node.js is not installed (no `node` on PATH); the installer needs it to verify the profile' "install Node.js $MinNodeMajor or later, then re-run" }
  $dshCmd = Find-PluginDsh
  Provide-Pnpm
  $env:DSH_HOME = $DshHome
  if ($Uninstall) {
    & $dshCmd plugin --profile $name remove $Plugin
    if ($LASTEXITCODE -ne 0) { Fail "dsh plugin --profile $name remove $Plugin failed (see above)" "check that the profile $name has the bundle (its package.json under $ProfilesDir)" }
    Note "removed $Plugin from the profile $name; the profile is as before"
    Restart-Note
    exit 0
  }
  $spec = Get-BundleSpec
  $manifestPath = Join-Path $Target 'package.json'
  $lockPath = Join-Path $Target 'pnpm-lock.yaml'
  $savedManifest = if (Test-Path -LiteralPath $manifestPath) { [System.IO.File]::ReadAllBytes($manifestPath) } else { $null }
  $savedLock = if (Test-Path -LiteralPath $lockPath) { [System.IO.File]::ReadAllBytes($lockPath) } else { $null }
  $had = $false
  if ($savedManifest) {
    $deps = (Get-Content -Raw -LiteralPath $manifestPath | ConvertFrom-Json).PSObject.Properties['dependencies']
    $had = [bool]($deps -and $deps.Value.PSObject.Properties[$Plugin])
  }
  & $dshCmd plugin --profile $name add $spec
  if ($LASTEXITCODE -ne 0) { Fail "dsh plugin --profile $name add $spec failed (see above)" 'fix what pnpm reported, then re-run' }
  Write-Output "verifying $Plugin in the profile $name ..."
  & node (Join-Path (Join-Path $SourceRoot 'tools') 'verify.mjs') --profile $name --dsh-home $DshHome --dsh $dshCmd --bundle $Plugin --strict
  if ($LASTEXITCODE -ne 0) {
    # Undo: remove the bundle the profile did not have, or put its manifest
    # and lock file back and let pnpm restore node_modules.
    if (-not $had) { & $dshCmd plugin --profile $name remove $Plugin }
    else {
      [System.IO.File]::WriteAllBytes($manifestPath, $savedManifest)
      if ($savedLock) { [System.IO.File]::WriteAllBytes($lockPath, $savedLock) }
      & $dshCmd plugin --profile $name install
    }
    if ($LASTEXITCODE -ne 0) { Warn "the add could not be undone; remove it with: install.ps1 -Plugin $Plugin -Uninstall -ProfileName $name -DshHome $DshHome" }
    Fail "$Plugin failed verification in the profile $name (the FAIL lines above say which check and why); the add was undone" 'fix what the FAIL lines name (a cordis.patch.yml override, another dsh version), then re-run'
  }
  if ($Plugin -eq 'dsh-self-checking') {
    Note "added dsh-self-checking to the profile ${name}: pick Self Checking in Settings → Permission or with /permission self-checking"
    if ((Get-Content -Raw -LiteralPath $manifestPath).Contains("`"$HeadlessBundle`"")) {
      Note "one-shot runs in Self Checking: DSH_PERMISSION_MODE=self-checking dsh --profile $name `"<task>`""
    } else {
      Note "one-shot runs need a headless profile: $(Join-Path $SourceRoot 'install.ps1') -PluginRoute -ProfileName headless -DshHome $DshHome, then DSH_PERMISSION_MODE=self-checking dsh --profile headless `"<task>`""
    }
  } else {
    Note "added $Plugin to the profile ${name}; configure it by its row id in $(Join-Path $Target 'cordis.patch.yml')"
  }
  Note "remove it with: install.ps1 -Plugin $Plugin -Uninstall -ProfileName $name"
  Restart-Note
  exit 0
}

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

# The fix for a failed write under $Dir, from the system's reason.
function IoHelp([string]$Dir, [string]$Reason) {
  if ($Reason -match 'No space left|not enough space|Disk quota') { return "free space on the file system of $Dir, then re-run; what this run wrote was removed" }
  if ($Reason -match 'Read-only file system|write protected') { return "$Dir is on a read-only file system: pass a writable -DshHome DIR (or remount it read-write), then re-run" }
  if ($Reason -match 'denied|not permitted') { return "make $Dir writable for this user, or pass a -DshHome DIR you can write to, then re-run" }
  return "check that $Dir is a writable directory with free space, then re-run"
}
# Runs a script block that writes under the dsh home; when it fails, says
# what failed and why, with the fix, and exits 1 (the finally around the run
# removes what this run wrote).
# (The parameters have names no caller uses: the block sees the caller's variables.)
function Invoke-WriteStep([string]$StepWhat, [string]$StepDir, [scriptblock]$StepBlock) {
  try { & $StepBlock } catch { Fail "$StepWhat failed: $($_.Exception.Message)" (IoHelp $StepDir $_.Exception.Message) }
}

# Whether a process runs; when that cannot be told, it is taken as running,
# so that nothing of a live install is ever removed.
function Test-ProcessAlive([int]$Id) {
  try { $null = Get-Process -Id $Id -ErrorAction Stop; return $true }
  catch [Microsoft.PowerShell.Commands.ProcessCommandException] { return $false }
  catch { return $true }
}

# A symbolic link, a junction or other reparse point: never gone through.
function Test-Linked([System.IO.FileSystemInfo]$Item) {
  $null -ne $Item -and ($Item.LinkType -or ($Item.Attributes -band [System.IO.FileAttributes]::ReparsePoint))
}

# ── the dsh home lock ───────────────────────────────────────────────────────

# The open lock file. Off Windows, FileShare.None is an flock, the same lock
# install.sh takes; on Windows the share mode lets a waiter read the pid.
$script:Lock = $null
$SharingViolation = -2147024864 # HRESULT of ERROR_SHARING_VIOLATION

# The pid a lock holder wrote into the lock file, or 'unknown'. Off Windows
# .NET cannot open a file another process has flock-ed, so cat reads it.
# On Windows the reader must let the holder keep writing (FileShare.ReadWrite).
function Get-LockHolder {
  $text = ''
  try {
    if ($OnWindows) {
      $reader = [System.IO.StreamReader]::new([System.IO.FileStream]::new($LockFile, [System.IO.FileMode]::Open, [System.IO.FileAccess]::Read, [System.IO.FileShare]::ReadWrite))
      try { $text = $reader.ReadToEnd() } finally { $reader.Dispose() }
    } else {
      $text = (& cat -- $LockFile 2>$null) -join ''
    }
  } catch { }
  $digits = ($text -replace '[^0-9]', '')
  if ($digits) { $digits } else { 'unknown' }
}

# Takes the lock of the dsh home, waiting up to $LockWait seconds for an
# install or uninstall that holds it. $MakeHome creates the profiles directory
# first (again, when a failing install removed it while we waited).
function Enter-Lock([bool]$MakeHome) {
  $deadline = (Get-Date).AddSeconds($LockWait)
  $share = if ($OnWindows) { [System.IO.FileShare]::Read } else { [System.IO.FileShare]::None }
  $waiting = $false
  while ($true) {
    if ($MakeHome) { Invoke-WriteStep "creating $ProfilesDir" $DshHome { New-Item -ItemType Directory -Force -Path $ProfilesDir | Out-Null } }
    $stream = $null
    try {
      $stream = [System.IO.FileStream]::new($LockFile, [System.IO.FileMode]::OpenOrCreate, [System.IO.FileAccess]::ReadWrite, $share)
    } catch [System.IO.DirectoryNotFoundException] {
      if (-not $MakeHome) { Fail "could not create the lock file ${LockFile}: $($_.Exception.Message)" (IoHelp $DshHome $_.Exception.Message) }
      continue # a failing install removed the dsh home while we waited: make it again
    } catch [System.IO.IOException] {
      $busy = $_.Exception.HResult -eq $SharingViolation -or $_.Exception.Message -match 'used by another process'
      if (-not $busy) { Fail "could not create the lock file ${LockFile}: $($_.Exception.Message)" (IoHelp $DshHome $_.Exception.Message) }
    } catch [System.UnauthorizedAccessException] {
      Fail "could not create the lock file ${LockFile}: $($_.Exception.Message)" (IoHelp $DshHome $_.Exception.Message)
    }
    if ($null -ne $stream) {
      # Off Windows the holder removes the file when it ends: a lock on a
      # removed file guards nothing, so lock the file that is there now.
      if (Test-Path -LiteralPath $LockFile -PathType Leaf) {
        $bytes = [System.Text.Encoding]::ASCII.GetBytes("$PID`n")
        try { $stream.SetLength(0); $stream.Write($bytes, 0, $bytes.Length); $stream.Flush() } catch { } # only names the holder
        $script:Lock = $stream
        return
      }
      $stream.Dispose()
      continue
    }
    $holder = Get-LockHolder
    if (-not $waiting) { Note "waiting for another install or uninstall (pid $holder) to finish with $DshHome ..."; $waiting = $true }
    if ((Get-Date) -ge $deadline) {
      Fail "another install or uninstall (pid $holder) still holds $LockFile after ${LockWait}s; nothing was changed" `
        'let it finish, then re-run; set DSH_INSTALL_LOCK_WAIT=SECONDS to wait longer'
    }
    Start-Sleep -Milliseconds 500
  }
}

# Removes the lock file and gives up the lock. Off Windows the file goes
# while still locked, so no waiter can lock a file that is being removed; on
# Windows an open file cannot be removed, so it goes after closing.
function Exit-Lock {
  if ($null -eq $script:Lock) { return }
  if (-not $OnWindows) { Remove-Item -LiteralPath $LockFile -Force -ErrorAction SilentlyContinue }
  $script:Lock.Dispose()
  $script:Lock = $null
  if ($OnWindows) { Remove-Item -LiteralPath $LockFile -Force -ErrorAction SilentlyContinue }
}

# Removes the directories an install created (outermost first in $Dirs) that
# are empty, innermost first; never a link. The lock file lives in the dsh
# home, so the lock is given up just before the dsh home goes.
function Remove-CreatedDirectories([string[]]$Dirs) {
  for ($i = $Dirs.Count - 1; $i -ge 0; $i--) {
    if ($Dirs[$i] -eq $DshHome) { Exit-Lock }
    Remove-EmptyDirectory $Dirs[$i]
  }
}
function Remove-EmptyDirectory([string]$Path) {
  $item = Get-Item -LiteralPath $Path -Force -ErrorAction SilentlyContinue
  if ($null -ne $item -and $item.PSIsContainer -and -not (Test-Linked $item) -and -not (Get-ChildItem -LiteralPath $Path -Force | Select-Object -First 1)) {
    Remove-Item -LiteralPath $Path -Force -ErrorAction SilentlyContinue
  }
}

# ── what an ended run leaves ────────────────────────────────────────────────

# What the finally around the run reads to undo a run that did not finish.
$script:Created = @()      # directories this install created, outermost first
$script:Staging = ''       # the staging directory while it exists
$script:Installed = $false # true while the new profile is in place but not yet verified
$script:Backup = ''        # where -Force moved the previous profile
$script:Finished = $false  # true once the run has done its work

function Undo-Install {
  if ($script:Staging -and (Test-Path -LiteralPath $script:Staging)) { Remove-Item -LiteralPath $script:Staging -Recurse -Force -ErrorAction SilentlyContinue }
  if ($script:Installed) { Remove-Item -LiteralPath $Target -Recurse -Force -ErrorAction SilentlyContinue }
  if ($script:Backup -and -not (Test-Path -LiteralPath $Target)) {
    Move-Item -LiteralPath $script:Backup -Destination $Target -ErrorAction SilentlyContinue
    if (Test-Path -LiteralPath $Target) { Note "restored the previous profile from $($script:Backup)" }
  }
  Remove-CreatedDirectories $script:Created
}

# ── uninstall ───────────────────────────────────────────────────────────────

# Other profiles in the dsh home that compose the mode: while one stays, a
# session in the mode still opens with it, so it is nothing to warn about.
function Get-OtherModeProfiles {
  Get-ChildItem -LiteralPath $ProfilesDir -Directory -ErrorAction SilentlyContinue |
    Where-Object { $_.FullName -ne $Target } |
    Where-Object {
      $patch = Join-Path $_.FullName 'cordis.patch.yml'
      (Test-Path -LiteralPath $patch) -and (Select-String -LiteralPath $patch -SimpleMatch 'self-checking' -Quiet)
    } |
    ForEach-Object { $_.Name }
}

function Warn-AboutSessions {
  $verifier = Join-Path $Target 'verify.mjs'
  $sessions = Join-Path $DshHome 'sessions'
  if (-not (Test-Path -LiteralPath $sessions -PathType Container)) { return }
  $others = @(Get-OtherModeProfiles)
  if ($others.Count -gt 0) {
    Note "sessions in the self-checking mode stay usable: the profile(s) $($others -join ' ') still have the mode"
    return
  }
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

$PathComparison = if ($OnWindows) { [System.StringComparison]::OrdinalIgnoreCase } else { [System.StringComparison]::Ordinal }

# A profile path of a receipt: relative, with no empty, `.` or `..` component
# and no backslash (a separator here) or, on Windows, colon (a drive or stream).
function Test-ReceiptPath([string]$Rel) {
  if (-not $Rel -or $Rel.Contains('\') -or [System.IO.Path]::IsPathRooted($Rel) -or ($OnWindows -and $Rel.Contains(':'))) { return $false }
  foreach ($part in $Rel.Split('/')) { if ($part -eq '' -or $part -eq '.' -or $part -eq '..') { return $false } }
  return $true
}
# A `created` directory of a receipt: the profiles directory or one above it,
# spelt as the install spells it.
function Test-CreatedPath([string]$Dir) {
  if (-not $Dir -or -not [System.IO.Path]::IsPathRooted($Dir) -or $Dir -ne [System.IO.Path]::GetFullPath($Dir)) { return $false }
  if ([System.IO.Path]::TrimEndingDirectorySeparator($Dir) -ne $Dir) { return $false }
  $sep = [System.IO.Path]::DirectorySeparatorChar
  return [string]::Equals($Dir, $ProfilesDir, $PathComparison) -or $ProfilesDir.StartsWith("$Dir$sep", $PathComparison)
}
# Why an entry is not one the uninstall may act on, or '' when it is.
function Get-EntryProblem($Entry) {
  $inside = 'not a relative path inside the profile'
  switch ($Entry.Kind) {
    'profile' { if ($Entry.Fields -ne 2 -or -not $Entry.A) { return 'expected `profile<TAB>NAME`' } }
    'created' { if ($Entry.Fields -ne 2 -or -not (Test-CreatedPath $Entry.A)) { return "not $ProfilesDir or a directory above it" } }
    'dir' { if ($Entry.Fields -ne 2 -or ($Entry.A -ne '.' -and -not (Test-ReceiptPath $Entry.A))) { return $inside } }
    'rewritten-by-dsh' { if ($Entry.Fields -ne 2 -or -not (Test-ReceiptPath $Entry.A)) { return $inside } }
    'file' {
      if ($Entry.Fields -ne 3 -or $Entry.A -cnotmatch '^[0-9a-f]{64}$') { return 'expected `file<TAB>SHA256<TAB>PATH`' }
      if (-not (Test-ReceiptPath $Entry.B)) { return $inside }
    }
    default { return 'unknown kind of entry' }
  }
  return ''
}

# How the directories above a receipt path stand: 'real' (all real
# directories), 'missing' (one is, so is the entry) or 'linked' (one is a
# link or not a directory). The uninstall never goes through a link.
function Get-ParentsState([string]$Rel) {
  $dir = $Target
  $parts = $Rel.Split('/')
  for ($i = 0; $i -lt $parts.Count - 1; $i++) {
    $dir = Join-Path $dir $parts[$i]
    $item = Get-Item -LiteralPath $dir -Force -ErrorAction SilentlyContinue
    if ($null -eq $item) { return 'missing' }
    if ((Test-Linked $item) -or -not $item.PSIsContainer) { return 'linked' }
  }
  return 'real'
}
# The item a receipt path names when it is a regular file (not a link)
# reached through real directories only; else $null.
function Get-PlainFile([string]$Rel) {
  if ((Get-ParentsState $Rel) -ne 'real') { return $null }
  $item = Get-Item -LiteralPath (FromReceiptPath $Target $Rel) -Force -ErrorAction SilentlyContinue
  if ($null -eq $item -or $item.PSIsContainer -or (Test-Linked $item)) { return $null }
  return $item
}

# Reads and checks every entry before anything is removed, so that an edited
# receipt cannot point the uninstall outside the profile; refuses the whole
# receipt, with nothing removed, at the first bad entry. One object per
# entry: Kind, then the tab-separated fields A and B (file: A = sha256,
# B = path; the other kinds: A = the path) and how many fields there were.
function Read-Receipt([string]$ReceiptPath) {
  $item = Get-Item -LiteralPath $Target -Force
  if (Test-Linked $item) {
    Fail "$Target is a symbolic link, which the uninstall never follows; nothing removed" "remove the link by hand, then uninstall the profile it points to by its own name"
  }
  if (-not (Test-Path -LiteralPath $ReceiptPath -PathType Leaf)) {
    Fail "$Target has no $Receipt, so it was not installed by install.sh or install.ps1; nothing removed" 'remove it by hand if it is yours to remove'
  }
  $lines = @(Get-Content -LiteralPath $ReceiptPath -Encoding utf8)
  if ($lines.Count -eq 0 -or $lines[0] -ne $ReceiptHeader) {
    Fail "$ReceiptPath is not an install receipt this installer understands; nothing removed" 'remove the profile by hand'
  }
  $entries = New-Object System.Collections.Generic.List[object]
  for ($n = 1; $n -lt $lines.Count; $n++) {
    if ($lines[$n] -eq '') { continue }
    $fields = $lines[$n] -split "`t"
    $entry = [pscustomobject]@{
      Kind = $fields[0]; Fields = $fields.Count
      A = $(if ($fields.Count -gt 1) { $fields[1] } else { '' }); B = $(if ($fields.Count -gt 2) { $fields[2] } else { '' })
    }
    $problem = Get-EntryProblem $entry
    if ($problem) {
      Fail "$ReceiptPath line $($n + 1) lists ``$($lines[$n] -replace "`t", ' ')``: $problem; nothing removed" `
        'the receipt was changed after the install: restore it, or remove the profile by hand (a reinstall with -Force writes a new receipt)'
    }
    $entries.Add($entry)
  }
  return $entries.ToArray()
}

function Invoke-Uninstall {
  $receiptPath = Join-Path $Target $Receipt
  if (-not (Test-Path -LiteralPath $Target -PathType Container)) {
    Fail "there is no profile ``$name`` in $ProfilesDir; nothing to uninstall" 'pass the name and dsh home used at install: -ProfileName NAME -DshHome DIR'
  }
  Enter-Lock $false
  $entries = Read-Receipt $receiptPath

  Warn-AboutSessions

  $removed = 0
  $kept = New-Object System.Collections.Generic.List[string]
  $linked = New-Object System.Collections.Generic.List[string]
  foreach ($entry in @($entries | Where-Object { $_.Kind -eq 'file' })) {
    $state = Get-ParentsState $entry.B
    if ($state -eq 'linked') { $linked.Add($entry.B); continue }
    if ($state -eq 'missing') { continue }
    $path = FromReceiptPath $Target $entry.B
    if ($null -eq (Get-Item -LiteralPath $path -Force -ErrorAction SilentlyContinue)) { continue }
    $item = Get-PlainFile $entry.B
    if ($null -ne $item -and (Sha256Of $path) -eq $entry.A) {
      Remove-Item -LiteralPath $path -Force
      $removed++
    } else {
      $kept.Add($entry.B)
    }
  }
  foreach ($entry in @($entries | Where-Object { $_.Kind -eq 'rewritten-by-dsh' })) {
    if ($null -ne (Get-PlainFile $entry.A)) { Remove-Item -LiteralPath (FromReceiptPath $Target $entry.A) -Force }
  }
  Remove-Item -LiteralPath $receiptPath -Force
  # Directories the install made, deepest first, when nothing else is in them.
  $dirs = @($entries | Where-Object { $_.Kind -eq 'dir' } | ForEach-Object { $_.A } | Sort-Object -Property Length -Descending)
  foreach ($rel in $dirs) {
    if ($rel -eq '.' -or (Get-ParentsState $rel) -eq 'real') { Remove-EmptyDirectory (FromReceiptPath $Target $rel) }
  }
  $created = @($entries | Where-Object { $_.Kind -eq 'created' } | ForEach-Object { $_.A } | Sort-Object -Property Length)
  Remove-CreatedDirectories $created
  $script:Finished = $true

  Note "removed $removed files of profile ``$name`` from $Target"
  if ($kept.Count -gt 0) {
    Warn "kept $($kept.Count) file(s) changed since the install:"
    foreach ($rel in $kept) { Note "  $rel" }
  }
  if ($linked.Count -gt 0) {
    Warn "left $($linked.Count) file(s) alone that are now behind a symbolic link (the uninstall never follows one):"
    foreach ($rel in $linked) { Note "  $rel" }
  }
  if (Test-Path -LiteralPath $Target) {
    Warn "$Target still holds files the install did not write (kept):"
    Get-ChildItem -LiteralPath $Target -Recurse -Force -File | Select-Object -First 20 |
      ForEach-Object { Note "  $(ToReceiptPath $Target $_.FullName)" }
  }
  $backups = @(Get-ChildItem -LiteralPath $ProfilesDir -Directory -Filter "$name.backup-*" -ErrorAction SilentlyContinue | ForEach-Object { $_.Name })
  if ($backups.Count -gt 0) { Note "backups made by -Force are kept in ${ProfilesDir}: $($backups -join ' ')" }
  Write-KeptHost
}

# What -WithDsh wrote outside the profile stays (other profiles may boot
# with it): name each part and the exact command that removes it.
function Write-KeptHost {
  $hostDir = Join-Path $DshHome 'host'
  $fallback = Join-Path $ProfilesDir 'node_modules'
  if (-not (Test-Path -LiteralPath $hostDir)) { return }
  Note 'kept, for other profiles that may use them:'
  Note "  the dsh host in $hostDir; remove it with: Remove-Item -Recurse -Force '$hostDir'"
  if (Test-Path -LiteralPath $fallback) { Note "  the shared module fallback $fallback; remove it with: Remove-Item -Recurse -Force '$fallback'" }
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
  # The receipt is one entry per line, fields split by tabs, and the
  # uninstall refuses a path with a backslash (a separator here).
  $odd = Get-ChildItem -LiteralPath (Join-Path $SourceRoot 'profile') -Recurse -Force |
    Where-Object { $_.Name.Contains("`t") -or $_.Name.Contains("`n") -or $_.Name.Contains('\') } | Select-Object -First 1
  if ($odd) { Fail "the file name ``$($odd.FullName)`` holds a tab, newline or backslash, which the install receipt cannot list" 'rename it in the fork layer' }
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
    Invoke-WriteStep "copying $($entry.FullName) into $Staging" $ProfilesDir {
      if ($entry.PSIsContainer) { Copy-TreeExact $entry.FullName $dest } else { Copy-FileExact $entry.FullName $dest }
    }
  }
  # forks/@scope/<pkg> (the forked upstream packages) and forks/<pkg> (the
  # project's own plugins, published under their own unscoped names).
  foreach ($pkg in Get-ChildItem -LiteralPath (Join-Path $Staging 'forks') -Directory) {
    if ($pkg.Name.StartsWith('@') -or -not (Test-Path -LiteralPath (Join-Path $pkg.FullName 'package.json'))) { continue }
    $modules = Join-Path $Staging 'node_modules'
    Invoke-WriteStep "copying $($pkg.FullName) into $modules" $ProfilesDir {
      New-Item -ItemType Directory -Force -Path $modules | Out-Null
      Copy-TreeExact $pkg.FullName (Join-Path $modules $pkg.Name)
    }
  }
  foreach ($scope in Get-ChildItem -LiteralPath (Join-Path $Staging 'forks') -Directory -Filter '@*') {
    foreach ($pkg in Get-ChildItem -LiteralPath $scope.FullName -Directory) {
      if (-not (Test-Path -LiteralPath (Join-Path $pkg.FullName 'package.json'))) { continue }
      $modules = Join-Path (Join-Path $Staging 'node_modules') $scope.Name
      Invoke-WriteStep "copying $($pkg.FullName) into $modules" $ProfilesDir {
        New-Item -ItemType Directory -Force -Path $modules | Out-Null
        Copy-TreeExact $pkg.FullName (Join-Path $modules $pkg.Name)
      }
    }
  }
  Invoke-WriteStep "copying the verifier into $Staging" $ProfilesDir { Copy-FileExact (Join-Path $SourceRoot 'tools/verify.mjs') (Join-Path $Staging 'verify.mjs') }
  Invoke-WriteStep "writing $(Join-Path $Staging $DshRootConfig)" $ProfilesDir {
    [System.IO.File]::WriteAllText((Join-Path $Staging $DshRootConfig), "# dsh rewrites this file at every boot; put your rows in cordis.patch.yml.`n[]`n")
  }
  if ($Headless) {
    # node -e SCRIPT FILE WEB HEADLESS: the bundle swap; prints the reason when it fails.
    $switchBundle = @'
const fs = require('node:fs');
const [file, web, headless] = process.argv.slice(1);
try {
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const bundles = manifest.dsh?.profile?.bundles ?? [];
  if (!bundles.includes(web)) throw new Error(`${file} does not name ${web} in dsh.profile.bundles`);
  manifest.dsh.profile.bundles = bundles.map((bundle) => (bundle === web ? headless : bundle));
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
'@
    & node -e $switchBundle (Join-Path $Staging 'package.json') $WebBundle $HeadlessBundle
    if ($LASTEXITCODE -ne 0) { Fail "switching $Staging/package.json to the headless bundle failed (the reason is on the line above)" (IoHelp $ProfilesDir '') }
  }
}

# Writes the receipt: what the uninstall may remove, with every file's
# sha256. One write, so that a full disk cannot leave a truncated receipt
# that looks whole.
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
  foreach ($file in $files) { $lines.Add("file`t$(Sha256Of $file.Full)`t$($file.Rel)") }
  $tmp = Join-Path $Staging ".$Receipt.tmp"
  Invoke-WriteStep "writing the install receipt $(Join-Path $Staging $Receipt)" $ProfilesDir {
    [System.IO.File]::WriteAllText($tmp, (($lines -join "`n") + "`n"))
    Move-Item -LiteralPath $tmp -Destination (Join-Path $Staging $Receipt) -Force
  }
}

# The dsh the hints name: the host this run installed, else one an earlier
# -WithDsh left in the dsh home (its marker says that install finished),
# since `dsh` alone is then usually not on PATH.
function Get-HintLauncher {
  if ($script:HostLauncher) { return $script:HostLauncher }
  $hostDir = Join-Path $DshHome 'host'
  $earlier = Join-Path $hostDir 'bin/dsh'
  if ((Test-Path -LiteralPath (Join-Path $hostDir '.forklayer-host-installed')) -and (Test-Path -LiteralPath $earlier)) { return $earlier }
  return 'dsh'
}

# The one-shot hint of a web install. The web profile cannot take a task
# argument (dsh says `too many arguments`): a task runs in a second profile
# composed with -Headless, so the hint names the exact install command for
# it (unless it exists already) and then the exact run command.
function Write-OneShotHint([string]$Dsh, [string]$EnvPrefix) {
  $oneShot = "$name-headless"
  $homeOption = if ($EnvPrefix) { " -DshHome $DshHome" } else { '' }
  if (-not (Test-Path -LiteralPath (Join-Path (Join-Path $ProfilesDir $oneShot) $Receipt))) {
    Write-Output "One-shot runs need:    $(Join-Path $SourceRoot 'install.ps1') -Headless -ProfileName $oneShot$homeOption"
  }
  Write-Output "Run one task:          $EnvPrefix`$env:DSH_PERMISSION_MODE='self-checking'; $Dsh --profile $oneShot `"<task>`""
}

function Write-NextSteps {
  $dsh = Get-HintLauncher
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
    Write-OneShotHint $dsh $envPrefix
  }
  Write-Output "Check it again:        node $(Join-Path $Target 'verify.mjs') --profile $Target"
  $homeOption = if ($envPrefix) { " -DshHome $DshHome" } else { '' }
  Write-Output "Uninstall:             $(Join-Path $SourceRoot 'install.ps1') -Uninstall -ProfileName $name$homeOption"
}

function Test-ExistingProfile {
  if ((Test-Path -LiteralPath $Target) -and -not $Force) {
    Fail "a profile ``$name`` already exists in $ProfilesDir; nothing was changed" `
      "re-run with -Force to back it up (renamed to $name.backup-<time>) and replace it, or with -Uninstall to remove it"
  }
}

# Every directory this install is about to create, outermost first, so that
# the uninstall (and a failed install) can remove them again when empty.
function Get-DirectoriesToCreate {
  $created = New-Object System.Collections.Generic.List[string]
  $dir = $ProfilesDir
  while ($dir -and -not (Test-Path -LiteralPath $dir -PathType Container)) {
    $created.Insert(0, $dir)
    $dir = Split-Path -Parent $dir
  }
  return , $created.ToArray()
}

# Staging directories (.<name>.install-<pid>) of installs that were killed:
# removed when their process is gone, never while it runs. Called under the
# lock, so no install of this version is between staging and renaming.
function Remove-StaleStaging {
  foreach ($dir in @(Get-ChildItem -LiteralPath $ProfilesDir -Directory -Force -Filter '.*.install-*' -ErrorAction SilentlyContinue)) {
    if ((Test-Linked $dir) -or $dir.Name -notmatch '\.install-([0-9]+)$') { continue }
    $id = [int]$Matches[1]
    if ($id -ne $PID -and -not (Test-ProcessAlive $id)) {
      Remove-Item -LiteralPath $dir.FullName -Recurse -Force
      Note "removed $($dir.FullName), left by an install (pid $id) that did not finish"
    }
  }
}

# Renames the profile into place; -Force first renames the existing one.
function Move-IntoPlace {
  if (Test-Path -LiteralPath $Target) {
    $candidate = Join-Path $ProfilesDir "$name.backup-$((Get-Date).ToUniversalTime().ToString('yyyyMMddTHHmmssZ'))"
    $base = $candidate; $n = 1
    while (Test-Path -LiteralPath $candidate) { $candidate = "$base-$n"; $n++ }
    Invoke-WriteStep "renaming the existing profile $Target to $candidate" $ProfilesDir { Move-Item -LiteralPath $Target -Destination $candidate }
    $script:Backup = $candidate
    Note "backed up the existing profile to $candidate"
  }
  # Under the lock nothing else puts a profile there: Move-Item renames,
  # never moves the staging directory into an existing one.
  if (Test-Path -LiteralPath $Target) { Fail "$Target appeared while this install ran; nothing was changed" 're-run (with -Force to replace it)' }
  Invoke-WriteStep "renaming $($script:Staging) to $Target" $ProfilesDir { Move-Item -LiteralPath $script:Staging -Destination $Target }
  $script:Staging = ''
  $script:Installed = $true
}

function Invoke-Install {
  Test-Source
  Require-Node
  Test-ExistingProfile
  $script:Created = Get-DirectoriesToCreate
  Enter-Lock $true
  Remove-StaleStaging
  Test-ExistingProfile # again: another install may have finished while this one waited
  if ($WithDsh) { Install-Host }

  $script:Staging = Join-Path $ProfilesDir ".$name.install-$PID"
  if (Test-Path -LiteralPath $script:Staging) { Remove-Item -LiteralPath $script:Staging -Recurse -Force }
  Invoke-WriteStep "creating the staging directory $($script:Staging)" $ProfilesDir { New-Item -ItemType Directory -Path $script:Staging | Out-Null }
  New-StagedProfile $script:Staging
  Write-Receipt $script:Staging $script:Created
  Move-IntoPlace

  # dsh creates the shared module fallback on any profile boot; a config dump
  # is the cheapest boot. A failure below exits 1; the finally around the run
  # then removes the new profile and renames a -Force backup back.
  if ($script:HostLauncher) {
    $previous = $env:DSH_HOME
    $env:DSH_HOME = $DshHome
    try { & $script:HostLauncher --profile $name --dump-default-config | Out-Null; $status = $LASTEXITCODE } finally { $env:DSH_HOME = $previous }
    if ($status -ne 0) {
      Fail "dsh could not load the installed profile ``$name`` (see the lines above); the install was rolled back" 're-run with -WithDsh; if it fails again, report the output'
    }
  }

  Write-Output "verifying $Target ..."
  & node (Join-Path $Target 'verify.mjs') --profile $Target
  if ($LASTEXITCODE -ne 0) {
    Fail 'the installed profile failed verification (the FAIL lines above say which check and why); the install was rolled back, nothing was changed' `
      're-install from a complete, unmodified checkout or release; if a check about the dsh install failed, install the matching dsh 0.1.0-rc.8 (or use -WithDsh)'
  }
  $script:Installed = $false
  $script:Finished = $true

  if (-not (Test-Path -LiteralPath (Join-Path $ProfilesDir 'node_modules/@deepseek-ai/dsh'))) {
    Warn "no pristine dsh install found ($ProfilesDir/node_modules is missing), so the checks marked SKIP above did not run"
    Note "  To get dsh: re-run with -WithDsh (installs dsh 0.1.0-rc.8 with Node 24 into $DshHome/host),"
    Note "  or install dsh 0.1.0-rc.8 yourself and run ``dsh --profile $name --dump-default-config`` once with DSH_HOME=$DshHome,"
    Note "  then check again: node $(Join-Path $Target 'verify.mjs') --profile $Target"
  }
  Write-NextSteps
}

$script:ExitCode = 0
# exit (in Fail) and Ctrl+C run the finally too: a run that did not finish
# removes what it wrote; the lock is always given up.
try {
  if ($Uninstall) { Invoke-Uninstall } else { Invoke-Install }
} catch {
  [Console]::Error.WriteLine("error: install.ps1 stopped: $($_.Exception.Message)")
  [Console]::Error.WriteLine('help: what this run had written is removed; fix the cause named above and re-run')
  $script:ExitCode = 1
} finally {
  if (-not $script:Finished -and -not $Uninstall) { Undo-Install }
  Exit-Lock
}
exit $script:ExitCode
