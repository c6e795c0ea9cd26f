// RUN: not %cllint %s | %check-findings
//
// Out-of-place matrix transpose, one work-item per element.
// in is height x width (row-major), out is width x height.
// NDRange: (width, height), any local size.
//
// The read walks a row of `in` (consecutive work-items, consecutive
// addresses), but the write walks a column of `out`: neighbouring lanes
// store `height` floats apart, so every lane of a warp lands in its own
// 32-byte sector. See tiled.cl / padded.cl for the staged version.

__kernel void transpose_naive(__global float *out,
                              __global const float *in,
                              const int width,
                              const int height)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);

    if (x < width && y < height)
        out[x * height + y] = in[y * width + x];
// CHECK: naive.cl:[[@LINE-1]]:9: warning: {{.*}} [memory-global-stride]
}
