// RUN: %cllint %s | %check-findings --allow-empty
//
// NV12 (Y plane + interleaved half-resolution UV plane) to RGBA8, BT.601
// limited range. Each 2x2 block of luma pixels shares one chroma pair:
// the chroma coordinates are x / 2 and y / 2 on *unsigned* ids, which
// compile to shifts, and two neighbouring lanes read the same uchar2
// (a partial broadcast, fully coalesced).
// NDRange: (w, h), local (16, 16); w and h are even.

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void nv12_to_rgba(__global const uchar *luma,
                  __global const uchar2 *chroma,
                  __global uchar4 *rgba,
                  const uint w)
{
    const uint x = get_global_id(0);
    const uint y = get_global_id(1);

    const uint cx = x / 2;
    const uint cy = y / 2;
    const float Y = 1.164f * ((float)luma[y * w + x] - 16.0f);
    const float2 uv = convert_float2(chroma[cy * (w / 2) + cx]) - 128.0f;

    const float r = Y + 1.596f * uv.y;
    const float g = Y - 0.392f * uv.x - 0.813f * uv.y;
    const float b = Y + 2.017f * uv.x;
    rgba[y * w + x] = convert_uchar4_sat_rte((float4)(r, g, b, 255.0f));
}
