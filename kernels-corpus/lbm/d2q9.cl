// RUN: not %cllint %s | %check-findings
//
// BGK collision step of a D2Q9 lattice-Boltzmann solver. The nine
// distributions of a node are stored together ("array of structures":
// f[node * 9 + q]), so neighbouring work-items are 9 floats (36 bytes)
// apart on every load and store. Each work-item reads and writes all nine of
// its own floats (the counted loops over q). The reads cost nothing: the
// cache serves each sector to the next iterations (1.05x the structure-of-
// arrays layout on an NVIDIA H200, bench/hardware/walk_probe.c). The stores
// do: each writes a part of 32 sectors, which nothing combines (the kernel
// ran 2.8x slower than with f[q * n_nodes + node] at 1 Mi nodes).
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
// CHECK: d2q9.cl:[[@LINE-1]]:9: warning: {{.*}}each work-item walks its own 36-B record of 'f_out' in a counted loop (a global store){{.*}} [memory-global-stride]
    }
}
