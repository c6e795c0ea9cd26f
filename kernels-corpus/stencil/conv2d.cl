// RUN: %cllint %s | %check-findings --allow-empty
//
// 2-D convolution of a single-channel float image with a 5x5 filter held
// in constant memory. Out-of-range taps are clamped to the border.
// NDRange: (w, h), local (16, 16).
//
// The filter index depends only on the loop counters, so every lane of a
// warp reads the same filter word (a broadcast). The accumulator starts
// from an unsuffixed 0.0, which is only an initialisation: it is folded
// to a float constant and costs nothing.

#define RADIUS 2
#define FW (2 * RADIUS + 1)

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void conv2d_5x5(__global const float *src,
                __global float *dst,
                __constant float *filter,
                const int w,
                const int h)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;

    float acc = 0.0;
    for (int ky = -RADIUS; ky <= RADIUS; ++ky) {
        const int sy = clamp(y + ky, 0, h - 1);
        for (int kx = -RADIUS; kx <= RADIUS; ++kx) {
            const int sx = clamp(x + kx, 0, w - 1);
            acc += filter[(ky + RADIUS) * FW + (kx + RADIUS)] * src[sy * w + sx];
        }
    }
    dst[y * w + x] = acc;
}
