// RUN: %cllint %s | %check-findings --allow-empty
//
// Copy with a grid-stride loop: a fixed number of work-groups (sized to
// fill the device) walks an arbitrarily long buffer. i advances by the
// global size, which is the same for every lane, so on each pass the
// lanes of a warp read and write consecutive elements.
// NDRange: any (e.g. 132 * 2048), local any.

__kernel void copy_grid_stride(__global float *dst,
                               __global const float *src,
                               const uint n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        dst[i] = src[i];
}
