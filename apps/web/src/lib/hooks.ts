import { useDispatch, useSelector } from 'react-redux';
import type { SessionState } from './session';

/** Typed hooks for features: only the session lives in Redux besides RTK Query's cache. */
export const useAppSelector = useSelector.withTypes<{ session: SessionState }>();
export const useAppDispatch = useDispatch;
