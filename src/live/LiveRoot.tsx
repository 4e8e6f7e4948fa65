// Mounted once by the shell (inside <Refine>, beside the routes): opens the one event stream
// while signed in, closes it when the session ends; plays the panic sound while a panic is open.
import { useIsAuthenticated } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { startLive, stopLive } from "./connection";
import { usePanicSound } from "./usePanicSound";

export function LiveRoot(): null {
  const qc = useQueryClient();
  const { data } = useIsAuthenticated();
  const signedIn = data?.authenticated === true;
  useEffect(() => {
    if (!signedIn) return;
    startLive(qc);
    return () => stopLive();
  }, [signedIn, qc]);
  usePanicSound();
  return null;
}
