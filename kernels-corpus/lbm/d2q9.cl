// RUN: %cllint %s | %check-findings --allow-empty
//
// BGK collision step of a D2Q9 lattice-Boltzmann solver. The nine
// distributions of a node are stored together ("array of structures":
// f[node * 9 + q]), so neighbouring work-items are 9 floats (36 bytes)
// apart on every load and store. Each work-item, however, reads and writes
// all nine of its own floats (the counted loops over q): every sector a warp
// fetches is used by one of the nine iterations, which measured at full
// bandwidth on an NVIDIA H100 for records read whole. No finding.
// NDRange: (n_nodes), any local size.

#define Q 9

__constant float wq[Q] = { 4.0f / 9.0f,
                           1.0f / 9.0f,  1.0f / 9.0f,  1.0f / 9.0f,  1.0f / 9.0f,
                           1.0f / 36.0f, 1.0f / 36.0f, 1.0f / 36.0f, 1.0f / 36.0f };
__constant int cx[Q] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
__constant int cy[Q] = { 0, 0, 1, 0, -1, 1, 1, -1, -1 };

__kernel void d2q9_collide(__global const float *f_in,
                           __global float *f_out,
                           const int n_nodes,
                           const float omega)
{
    const int node = get_global_id(0);
    if (node >= n_nodes)
        return;

    float f[Q];
    float rho = 0.0f, ux = 0.0f, uy = 0.0f;
    for (int q = 0; q < Q; ++q) {
        f[q] = f_in[node * Q + q];
        rho += f[q];
        ux += f[q] * cx[q];
        uy += f[q] * cy[q];
    }
    ux /= rho;
    uy /= rho;

    const float usq = ux * ux + uy * uy;
    for (int q = 0; q < Q; ++q) {
        const float cu = cx[q] * ux + cy[q] * uy;
        const float feq = wq[q] * rho * (1.0f + 3.0f * cu + 4.5f * cu * cu - 1.5f * usq);
        f_out[node * Q + q] = f[q] - omega * (f[q] - feq);
    }
}
