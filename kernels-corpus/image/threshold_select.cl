// RUN: %cllint %s > %t.default && test ! -s %t.default
// RUN: %cllint --all %s | %check-findings
//
// Per-pixel thresholding written with selects: `?:` with cheap arms and
// `if`s that assign one register each, all on lane-dependent values
// (parity of the pixel, its brightness). NVIDIA's compiler emits selp /
// predicated instructions for these: one instruction stream, no divergence.
// The one finding is `gid % 4` on a signed int (a sign fix-up on NVIDIA).
// NDRange: (width * height), local (256).

__kernel void threshold_select(__global const uchar4 *in, __global uchar4 *out,
                               const float lo, const float hi)
{
    const int gid = get_global_id(0);
    const uchar4 p = in[gid];
    const float y = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
    float v = (y < lo) ? 0.0f : ((y > hi) ? 255.0f : y);
    if (gid & 1)
        v = 255.0f - v;
    uchar c = (uchar)v;
    if ((gid % 4) == 3)
// CHECK: threshold_select.cl:[[@LINE-1]]:14: note: {{([^:]*: )?}}signed integer remainder by 4: {{.*}} [arith-pow2-div-mod]
        c = c >> 1;
    out[gid] = (uchar4)(c, c, c, p.w);
}
