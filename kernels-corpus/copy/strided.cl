// RUN: not %cllint %s | %check-findings
//
// Gather every stride-th element of a buffer into a dense one, e.g. one
// channel out of an interleaved stream. Unit-stride write, but the read
// skips `stride` floats between neighbouring lanes: at stride 8 a warp
// touches 32 sectors to use 128 of their 1024 bytes.
// NDRange: (n), any local size; in holds n * stride floats.

__kernel void gather_strided(__global float *out,
                             __global const float *in,
                             const int stride)
{
    const int gid = get_global_id(0);
    out[gid] = in[gid * stride];
// CHECK: strided.cl:[[@LINE-1]]:16: warning: {{.*}}stride{{.*}} [memory-global-stride]
}
