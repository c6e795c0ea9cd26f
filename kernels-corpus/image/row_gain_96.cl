// RUN: %cllint --all --profile=amd %s | %check-findings
// RUN: %cllint %s | FileCheck %s --check-prefix=NVIDIA --allow-empty --implicit-check-not="{{warning|error}}: "
//
// Per-column gain correction (flat-field) of 1920-wide video rows. The
// work-group is 96 wide so that 20 groups tile a row exactly: on NVIDIA
// that is three full warps, on AMD one and a half wavefronts (32 of 128
// lanes idle per group). 192 also divides 1920 (10 groups per row) and is
// a multiple of both 32 and 64. The kernel is memory-bound, so the idle
// lanes cost it little: a note, shown with --all.
// NDRange: (1920, h), local (96, 1).

#define ROW_WIDTH 1920

__kernel __attribute__((reqd_work_group_size(96, 1, 1)))
// CHECK: row_gain_96.cl:[[@LINE-1]]:25: note: under 1% of kernel 'row_gain' {{.*}} [launch-work-group-size]
// NVIDIA-NOT: warning
void row_gain(__global const ushort *raw,
              __global const float *gain,
              __global const float *dark,
              __global float *out)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    const int i = y * ROW_WIDTH + x;
    out[i] = ((float)raw[i] - dark[x]) * gain[x];
}
