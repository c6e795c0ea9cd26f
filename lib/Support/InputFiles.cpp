#include "Support/InputFiles.h"

#include "Config/RuleSelection.h"
#include "Support/GitIgnore.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>

namespace cllint {
namespace {

bool isOpenCLSource(llvm::StringRef Path) { return llvm::sys::path::extension(Path) == ".cl"; }

// Directories are followed through symlinks, but each real directory is entered once: a link
// to `.` or to a parent would otherwise loop forever or lint the same files again and again.
void walk(const std::string &Root, std::vector<std::string> &Out, SourceFilter Accept) {
  std::error_code EC;
  std::vector<std::string> Found;
  std::set<llvm::sys::fs::UniqueID> Entered;
  llvm::sys::fs::UniqueID RootID;
  if (!llvm::sys::fs::getUniqueID(Root, RootID))
    Entered.insert(RootID);
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::sys::fs::file_type Type = It->type();
    if (Type == llvm::sys::fs::file_type::symlink_file ||
        Type == llvm::sys::fs::file_type::type_unknown) {
      llvm::ErrorOr<llvm::sys::fs::basic_file_status> Target = It->status();
      Type = Target ? Target->type() : llvm::sys::fs::file_type::status_error;
    }
    if (Type == llvm::sys::fs::file_type::directory_file) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      llvm::sys::fs::UniqueID ID;
      if (Name.starts_with(".") || llvm::sys::fs::getUniqueID(It->path(), ID) ||
          !Entered.insert(ID).second)
        It.no_push(); // .git, .cache, or a directory already walked
      continue;
    }
    if (Accept(It->path()))
      Found.push_back(It->path());
  }
  std::sort(Found.begin(), Found.end());
  Out.insert(Out.end(), Found.begin(), Found.end());
}

std::string fileTypeName(llvm::sys::fs::file_type T) {
  switch (T) {
  case llvm::sys::fs::file_type::fifo_file:
    return "a FIFO";
  case llvm::sys::fs::file_type::character_file:
    return "a character device";
  case llvm::sys::fs::file_type::block_file:
    return "a block device";
  case llvm::sys::fs::file_type::socket_file:
    return "a socket";
  default:
    return "not a plain file";
  }
}

bool hasGlobChars(llvm::StringRef S) { return S.find_first_of("*?[") != llvm::StringRef::npos; }

} // namespace

InputExpansion expandInputs(const std::vector<std::string> &Args, SourceFilter Accept,
                            const char *Kind, bool RespectGitIgnore) {
  if (!Accept)
    Accept = isOpenCLSource;
  InputExpansion R;
  std::optional<GitIgnore> Git;
  if (RespectGitIgnore)
    Git.emplace();
  // Found files git ignores are dropped; a directory with nothing else is still an error.
  // A directory the user names is searched even when git ignores it (as ripgrep does): the
  // ignore rules then apply to nothing below it.
  auto keep = [&](std::vector<std::string> &Found, const std::string &Root) {
    if (!Git || Git->ignored(Root))
      return;
    size_t Before = Found.size();
    std::erase_if(Found, [&](const std::string &F) { return Git->ignored(F); });
    R.Ignored += unsigned(Before - Found.size());
  };
  std::set<std::string> Seen;
  std::set<llvm::sys::fs::UniqueID> SeenFiles;
  // One file reached under several names (links, `a/../a/x.cl`) is linted once.
  auto add = [&](const std::string &F, bool Named) {
    llvm::sys::fs::UniqueID ID;
    if (!llvm::sys::fs::getUniqueID(F, ID) && !SeenFiles.insert(ID).second)
      return;
    if (Seen.insert(F).second) {
      R.Files.push_back(F);
      R.Named.push_back(Named);
    }
  };
  for (const std::string &Arg : Args) {
    if (llvm::sys::fs::is_directory(Arg)) {
      std::vector<std::string> Found;
      walk(Arg, Found, Accept);
      bool Any = !Found.empty();
      keep(Found, Arg);
      if (!Any)
        R.Errors.push_back("'" + Arg + "': no " + Kind + " in this directory");
      for (const std::string &F : Found)
        add(F, false);
    } else if (!llvm::sys::fs::exists(Arg) && hasGlobChars(Arg)) {
      // The fixed directory prefix before the first wildcard is where the walk starts.
      llvm::StringRef A(Arg);
      size_t Wild = A.find_first_of("*?[");
      size_t Slash = A.rfind('/', Wild);
      std::string Base = Slash == llvm::StringRef::npos ? "." : A.substr(0, Slash).str();
      std::vector<std::string> Candidates, Found;
      if (llvm::sys::fs::is_directory(Base))
        walk(Base, Candidates, Accept);
      for (std::string &C : Candidates) {
        std::string Rel = Slash == llvm::StringRef::npos && llvm::StringRef(C).starts_with("./")
                              ? C.substr(2)
                              : C;
        std::string Pattern = Arg;
        for (size_t Pos; (Pos = Pattern.find("**/")) != std::string::npos;)
          Pattern.erase(Pos, 3); // "*" already crosses "/"
        if (globMatch(Pattern, Rel) || globMatch(Arg, Rel))
          Found.push_back(Rel);
      }
      bool Any = !Found.empty();
      keep(Found, Base);
      if (!Any)
        R.Errors.push_back("'" + Arg + "': no files match this pattern");
      for (const std::string &F : Found)
        add(F, false);
    } else {
      add(Arg, true); // missing/unreadable files are reported when read, with the reason
    }
  }
  return R;
}

// "812 B", "3.2 KiB", "64 MiB": a size in the unit that shows it.
static std::string byteSize(uint64_t Bytes) {
  auto one = [](double V, const char *Unit) {
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, V < 10 && V != double(uint64_t(V)) ? "%.1f %s" : "%.0f %s", V,
                  Unit);
    return std::string(Buf);
  };
  if (Bytes < 1024)
    return std::to_string(Bytes) + " B";
  if (Bytes < (1u << 20))
    return one(double(Bytes) / 1024, "KiB");
  return one(double(Bytes) / double(1u << 20), "MiB");
}

bool readSourceFile(const std::string &Path, unsigned long long MaxBytes, std::string &Content,
                    std::string &Error) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status)) {
    Error = EC.message();
    return false;
  }
  if (Status.type() == llvm::sys::fs::file_type::directory_file) {
    Error = "is a directory";
    return false;
  }
  // A FIFO blocks the run forever and a device (/dev/zero) never ends: only regular files.
  if (Status.type() != llvm::sys::fs::file_type::regular_file) {
    Error =
        "not a regular file (" + fileTypeName(Status.type()) + "); cllint reads only regular files";
    return false;
  }
  if (Status.getSize() > MaxBytes) {
    Error = "file is " + byteSize(Status.getSize()) + ", over the limit of " + byteSize(MaxBytes) +
            " (raise it with --max-file-size)";
    return false;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Error = "cannot read: " + Buf.getError().message();
    return false;
  }
  llvm::StringRef Data = (*Buf)->getBuffer();
  // UTF-16 (a Windows editor's "Unicode"): its byte-order mark says so.
  if (Data.starts_with("\xFF\xFE") || Data.starts_with("\xFE\xFF")) {
    Error = "UTF-16 text; OpenCL compilers read UTF-8 or ASCII: convert it (iconv -f UTF-16 -t "
            "UTF-8)";
    return false;
  }
  if (Data.find('\0') != llvm::StringRef::npos) {
    Error = "binary file (contains NUL bytes); not an OpenCL C source";
    return false;
  }
  Content = Data.str();
  return true;
}

namespace {

// Writes Content to FD and closes it; false with Error on a short write (a full disk).
bool writeAndClose(int FD, const std::string &Content, std::string &Error) {
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Content;
  OS.flush();
  if (!OS.has_error())
    return true;
  Error = "cannot write: " + OS.error().message();
  OS.clear_error();
  return false;
}

// Hard-linked files are rewritten in place: a rename would split the link. The content is
// complete in memory before the file is truncated, so only a crash mid-write can cut it.
bool writeInPlace(const std::string &Path, const std::string &Content, std::string &Error) {
  int FD = -1;
  if (std::error_code EC =
          llvm::sys::fs::openFileForWrite(Path, FD, llvm::sys::fs::CD_OpenExisting)) {
    Error = "cannot write: " + EC.message();
    return false;
  }
  return writeAndClose(FD, Content, Error);
}

} // namespace

bool writeFileAtomically(const std::string &Path, const std::string &Content, std::string &Error) {
  // A symlinked source is written where it really lives, so the link stays a link.
  llvm::SmallString<256> Real;
  std::string Target = Path;
  if (!llvm::sys::fs::real_path(Path, Real))
    Target = Real.str().str();
  llvm::sys::fs::file_status Status;
  bool Exists = !llvm::sys::fs::status(Target, Status);
  if (!Exists && llvm::sys::fs::exists(llvm::sys::path::parent_path(Target)) == false &&
      !llvm::sys::path::parent_path(Target).empty()) {
    Error = "no such directory";
    return false;
  }
  // Only regular files are written: never a device, a FIFO or a directory a link points at.
  if (Exists && Status.type() != llvm::sys::fs::file_type::regular_file) {
    Error = "not a regular file; cllint writes only regular files";
    return false;
  }
  // A file nobody may write is left as it is, also for root, who could.
  if (Exists && (Status.permissions() & llvm::sys::fs::all_write) == 0) {
    Error = "the file is read-only; cllint does not change read-only files";
    return false;
  }
  if (Exists && Status.getLinkCount() > 1)
    return writeInPlace(Target, Content, Error);
  llvm::SmallString<256> Temp;
  int FD = -1;
  std::string Model = Target + ".cllint-%%%%%%";
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp)) {
    Error = "cannot create a temporary file next to it: " + EC.message();
    return false;
  }
  if (!writeAndClose(FD, Content, Error)) {
    llvm::sys::fs::remove(Temp);
    return false;
  }
  if (Exists)
    llvm::sys::fs::setPermissions(Temp, Status.permissions());
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Target)) {
    Error = "cannot replace the file: " + EC.message();
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

} // namespace cllint
