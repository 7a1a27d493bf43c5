/**
 * One atomic step of the rolling window for one key, on Redis's own clock so that every
 * instance agrees on "now". A sorted set holds the admission times (score = ms); entries
 * leave at exactly `at + window`, refused requests are not added, and the set expires when
 * its newest entry leaves the window.
 *
 * KEYS[1] the window's key; ARGV[1] limit; ARGV[2] window in ms; ARGV[3] a member unique to
 * this request. Returns {admitted (1|0), remaining, seconds (rounded up, >= 1)}.
 */
export const SLIDING_WINDOW_LUA = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000

redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)

local function seconds_until(at)
  local s = math.ceil((at - now) / 1000)
  if s < 1 then s = 1 end
  return s
end

if count >= limit then
  local freeing = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  return {0, 0, seconds_until(tonumber(freeing[2]) + window)}
end

redis.call('ZADD', key, now, ARGV[3])
redis.call('PEXPIRE', key, math.ceil(window))
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {1, limit - count - 1, seconds_until(tonumber(oldest[2]) + window)}
`;
