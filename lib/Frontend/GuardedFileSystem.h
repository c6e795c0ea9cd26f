// The file system clang reads headers through: a FIFO named by `#include` or `-include`
// would block the run forever and a device (/dev/zero) would be read until memory runs out,
// so only regular files up to a size limit are opened.
#pragma once

#include "llvm/Support/VirtualFileSystem.h"

namespace cllint {

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
guardedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Underlying,
                  unsigned long long MaxFileBytes);

} // namespace cllint
