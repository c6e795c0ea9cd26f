// RUN: not %cllint %s | %check-findings
//
// Matrix multiply with 64x64 tiles of A, B and C in __local memory for
// 256 work-items (16 outputs each). Three tiles take 48 KiB per work-group,
// the most a work-group gets on NVIDIA (one padding column more and the
// kernel would not launch), and an H100 SM (228 KiB, 2,048 work-item
// slots) holds 4 such work-groups: 50% occupancy (a note). Keeping C in
// registers instead would leave 32 KiB: 7 work-groups, 88%. A warp covers
// two rows of As, 64 words apart: a 2-way conflict in the inner loop.
// NDRange: (n / 4, n / 4), local (16, 16).

#define TS 64

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void sgemm_big_tiles(const int n, __global const float *A, __global const float *B,
                     __global float *C) {
    __local float As[TS][TS];
    __local float Bs[TS][TS];
    __local float Cs[TS][TS];
// CHECK: big_tiles.cl:[[@LINE-3]]:19: note: {{.*}}kernel 'sgemm_big_tiles' uses 48 KiB of __local memory per work-group ('As' 16 KiB, 'Bs' 16 KiB, 'Cs' 16 KiB): a compute unit's 228 KiB hold 4 work-groups of 256 work-items at once, 1024 of its 2048 work-item slots (50% occupancy) on nvidia{{.*}} [launch-local-memory]
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int row = get_group_id(1) * TS, col = get_group_id(0) * TS;
    for (int i = ty; i < TS; i += 16)
        for (int j = tx; j < TS; j += 16)
            Cs[i][j] = 0.0f;
    for (int t = 0; t < n; t += TS) {
        for (int i = ty; i < TS; i += 16)
            for (int j = tx; j < TS; j += 16) {
                As[i][j] = A[(row + i) * n + t + j];
                Bs[i][j] = B[(t + i) * n + col + j];
            }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int i = ty; i < TS; i += 16)
            for (int j = tx; j < TS; j += 16) {
                float acc = Cs[i][j];
                for (int k = 0; k < TS; ++k)
                    acc += As[i][k] * Bs[k][j];
// CHECK: big_tiles.cl:[[@LINE-1]]:28: warning: {{.*}}__local load of 'As' has a 2-way bank conflict{{.*}} [memory-local-bank-conflict]
                Cs[i][j] = acc;
            }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = ty; i < TS; i += 16)
        for (int j = tx; j < TS; j += 16)
            C[(row + i) * n + col + j] = Cs[i][j];
}
