import { z } from "zod";
import { idParam } from "@/lib/http/id-param";

// Path params of the team routes (server only: the error table behind idParam is not for the browser).
export const ZMemberParams = z.object({ userId: idParam("member_not_found") });
export const ZInvitationParams = z.object({ id: idParam("invitation_not_found") });
