// RUN: not %cllint %s | %check-findings
//
// Two vector copies. copy_float4 moves 16 bytes per work-item through
// float4 pointers and vload4/vstore4 at unit vector stride: consecutive
// lanes touch consecutive 16-byte chunks, fully coalesced.
// extract_positions pulls the xyzw position out of 8-float vertex records
// (position + normal): each lane reads 16 bytes, then skips 16, so half of
// every fetched sector is the normal it does not need.
// NDRange: (n), any local size.

__kernel void copy_float4(__global float4 *dst,
                          __global const float4 *src,
                          __global float *dst_flat,
                          __global const float *src_flat)
{
    const size_t i = get_global_id(0);
    dst[i] = src[i];
    vstore4(vload4(i, src_flat), i, dst_flat);
}

__kernel void extract_positions(__global float4 *pos,
                                __global const float *vertices)
{
    const size_t i = get_global_id(0);
    pos[i] = vload4(0, vertices + i * 8);
// CHECK: vector4.cl:[[@LINE-1]]:14: warning: {{.*}} [memory-global-stride]
}
