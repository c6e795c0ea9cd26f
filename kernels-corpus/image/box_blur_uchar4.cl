// RUN: %cllint %s | %check-findings --allow-empty
//
// 3x3 box blur of an RGBA8 image stored as uchar4 pixels (one 4-byte
// vector per pixel). Pixels are widened to float4, summed, scaled and
// rounded back with saturation. Border pixels are copied unchanged.
// NDRange: (w, h), local (16, 16).
//
// src[y*w + x] is a uchar4 indexed at unit *vector* stride: consecutive
// lanes read consecutive 4-byte pixels, a fully coalesced access.

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void box_blur_rgba8(__global const uchar4 *src,
                    __global uchar4 *dst,
                    const int w,
                    const int h)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= w || y >= h)
        return;

    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        dst[y * w + x] = src[y * w + x];
        return;
    }

    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            sum += convert_float4(src[(y + dy) * w + (x + dx)]);

    dst[y * w + x] = convert_uchar4_sat_rte(sum * (1.0f / 9.0f));
}
