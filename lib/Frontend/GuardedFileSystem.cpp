#include "Frontend/GuardedFileSystem.h"

#include <string>
#include <system_error>

namespace cllint {
namespace {

enum class GuardError { NotRegular = 1, TooLarge };

// Clang quotes an open error's message: "cannot open file 'x': not a regular file ...".
class GuardCategory : public std::error_category {
public:
  const char *name() const noexcept override { return "cllint-files"; }
  std::string message(int C) const override {
    return C == static_cast<int>(GuardError::NotRegular)
               ? "not a regular file (a FIFO, device or socket); cllint reads only regular files"
               : "file is over the size limit (raise it with --max-file-size)";
  }
};

std::error_code make(GuardError E) {
  static const GuardCategory Category;
  return {static_cast<int>(E), Category};
}

class GuardedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  GuardedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS, unsigned long long Max)
      : ProxyFileSystem(std::move(FS)), MaxFileBytes(Max) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    // Checked before opening: open(2) on a FIFO already blocks.
    llvm::ErrorOr<llvm::vfs::Status> S = status(Path);
    if (!S)
      return S.getError();
    if (S->getType() != llvm::sys::fs::file_type::regular_file)
      return make(GuardError::NotRegular);
    if (S->getSize() > MaxFileBytes)
      return make(GuardError::TooLarge);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  unsigned long long MaxFileBytes;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
guardedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Underlying,
                  unsigned long long MaxFileBytes) {
  return llvm::makeIntrusiveRefCnt<GuardedFileSystem>(std::move(Underlying), MaxFileBytes);
}

} // namespace cllint
