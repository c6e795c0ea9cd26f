// RUN: %cllint %s | %check-findings
//
// Gather every stride-th element of a buffer into a dense one, e.g. one
// channel out of an interleaved stream. Unit-stride write, but the read
// skips `stride` floats between neighbouring lanes: at stride 8 a warp
// touches 32 sectors to use 128 of their 1024 bytes.
// NDRange: (n), any local size; in holds n * stride floats.
// `stride` reads as a step between elements, which usually holds 1 or a
// few: without its value (kernels: args, or the host code) the finding is a
// note that names the assumption.

__kernel void gather_strided(__global float *out,
                             __global const float *in,
                             const int stride)
{
    const int gid = get_global_id(0);
    out[gid] = in[gid * stride];
// CHECK: strided.cl:[[@LINE-1]]:16: note: {{.*}}assumes stride >= 8, though 'stride' reads as a step between elements{{.*}} [memory-global-stride]
}
