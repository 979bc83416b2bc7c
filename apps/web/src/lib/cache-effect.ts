import { mutationOptions, type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * What a change does to the cached queries: entries of what no longer exists are dropped, entries
 * that show what changed are fetched again. Each resource's invalidation map builds these.
 */
export interface CacheEffect {
  remove?: readonly QueryKey[];
  invalidate?: readonly QueryKey[];
}

/** One effect made of several: a delete touches its own keys and those of every row its cascade reaches. */
export const combineEffects = (...effects: CacheEffect[]): CacheEffect => ({
  remove: effects.flatMap((effect) => effect.remove ?? []),
  invalidate: effects.flatMap((effect) => effect.invalidate ?? []),
});

export function applyCacheEffect(queryClient: QueryClient, { remove = [], invalidate = [] }: CacheEffect) {
  for (const queryKey of remove) queryClient.removeQueries({ queryKey });
  return Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A write whose success touches the cache as its resource's invalidation map says. */
export const invalidatingMutationOptions = <TData, TVariables>(
  queryClient: QueryClient,
  mutationFn: (variables: TVariables) => Promise<TData>,
  effect: (data: TData, variables: TVariables) => CacheEffect,
) =>
  mutationOptions({
    mutationFn,
    onSuccess: (data: TData, variables: TVariables) => applyCacheEffect(queryClient, effect(data, variables)),
  });

export const useInvalidatingMutation = <TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  effect: (data: TData, variables: TVariables) => CacheEffect,
) => useMutation(invalidatingMutationOptions(useQueryClient(), mutationFn, effect));
