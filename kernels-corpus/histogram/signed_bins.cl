// RUN: %cllint %s | %check-findings
//
// Level histogram of 16-bit PCM audio: 256 bins over the signed range
// [-32768, 32767]. The bin is sample / 256 + 128. sample is a signed
// short promoted to int, so the division by 256 cannot be a plain shift:
// the compiler adds a correction for negative samples (round toward
// zero), and the result is also off by one bin for them compared with
// the floor that a shift gives. (sample >> 8) + 128 is both faster and
// the intended binning.
// NDRange: (n), local (256); hist has 256 entries.

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void pcm_level_histogram(__global const short *samples,
                         __global uint *hist)
{
    __local uint bins[256];

    const uint lid = get_local_id(0);
    bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    const int sample = samples[get_global_id(0)];
    const int bin = sample / 256 + 128;
// CHECK: signed_bins.cl:[[@LINE-1]]:28: note: {{.*}} [arith-pow2-div-mod]
    atomic_inc(&bins[bin]);
    barrier(CLK_LOCAL_MEM_FENCE);

    atomic_add(&hist[lid], bins[lid]);
}
