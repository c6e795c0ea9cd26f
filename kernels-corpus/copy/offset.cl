// RUN: %cllint %s | %check-findings --allow-empty
//
// Copy a window of a larger buffer starting at an arbitrary element
// offset (e.g. a sub-buffer that does not start on a cache line). The
// access is still unit stride; a misaligned start costs at most one extra
// sector per warp, a few percent on current GPUs. At most an informative
// note, never a warning.
// NDRange: (n), any local size; src holds n + offset floats.

__kernel void copy_offset(__global float *dst,
                          __global const float *src,
                          const int offset)
{
    const int gid = get_global_id(0);
    dst[gid] = src[gid + offset];
}
