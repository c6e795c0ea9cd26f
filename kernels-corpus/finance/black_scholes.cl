// RUN: %cllint %s | %check-findings --allow-empty
//
// Black-Scholes prices of European call and put options, one option per
// work-item, single precision throughout. The cumulative normal
// distribution uses the Abramowitz-Stegun polynomial (7.1.26 style,
// error < 7.5e-8). Every constant carries its f suffix, so nothing is
// promoted to double.
// NDRange: (n_options), any local size.

#define RSQRT_2PI 0.39894228040143267794f

inline float cnd(const float d)
{
    const float A1 =  0.31938153f;
    const float A2 = -0.356563782f;
    const float A3 =  1.781477937f;
    const float A4 = -1.821255978f;
    const float A5 =  1.330274429f;

    const float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    const float poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))));
    const float c = RSQRT_2PI * exp(-0.5f * d * d) * poly;
    return (d > 0.0f) ? 1.0f - c : c;
}

__kernel void black_scholes(__global float *call,
                            __global float *put,
                            __global const float *spot,
                            __global const float *strike,
                            __global const float *years,
                            const float riskfree,
                            const float volatility)
{
    const size_t i = get_global_id(0);
    const float S = spot[i];
    const float X = strike[i];
    const float T = years[i];

    const float sqrtT = sqrt(T);
    const float d1 = (log(S / X) + (riskfree + 0.5f * volatility * volatility) * T) /
                     (volatility * sqrtT);
    const float d2 = d1 - volatility * sqrtT;
    const float expRT = exp(-riskfree * T);

    const float cnd1 = cnd(d1);
    const float cnd2 = cnd(d2);
    call[i] = S * cnd1 - X * expRT * cnd2;
    put[i] = X * expRT * (1.0f - cnd2) - S * (1.0f - cnd1);
}
