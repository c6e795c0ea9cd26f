// RUN: %cllint %s | %check-findings --allow-empty
//
// C = A * B with 16x16 tiles staged in local memory.
// A is M x K, B is K x N, C is M x N, row-major; M, N, K multiples of 16.
// NDRange: (N, M), local (16, 16).
//
// Dimension 0 runs along rows of B and C, so the loads of both tiles and
// the store of C are row-wise. Inside the tile loop, As[ly][k] is one
// address per row of the warp (a broadcast) and Bs[k][lx] walks a row of
// the tile: no bank conflicts and no padding needed.

#define TS 16

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm_tiled(const int M, const int N, const int K,
                 __global const float *A,
                 __global const float *B,
                 __global float *C)
{
    __local float As[TS][TS];
    __local float Bs[TS][TS];

    const int lx = get_local_id(0);
    const int ly = get_local_id(1);
    const int col = get_group_id(0) * TS + lx;
    const int row = get_group_id(1) * TS + ly;

    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
        As[ly][lx] = A[row * K + t + lx];
        Bs[ly][lx] = B[(t + ly) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int k = 0; k < TS; ++k)
            acc += As[ly][k] * Bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    C[row * N + col] = acc;
}
